CREATE TABLE "portfolio_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"investor_organization_id" integer NOT NULL,
	"manager_organization_id" integer NOT NULL,
	"fund_name" text NOT NULL,
	"vintage" integer NOT NULL,
	"commitment" numeric(16, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"asset_class" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_entries_not_self" CHECK ("portfolio_entries"."investor_organization_id" <> "portfolio_entries"."manager_organization_id"),
	CONSTRAINT "portfolio_entries_commitment" CHECK ("portfolio_entries"."commitment" >= 0),
	CONSTRAINT "portfolio_entries_vintage" CHECK ("portfolio_entries"."vintage" BETWEEN 1950 AND 2200)
);
--> statement-breakpoint
ALTER TABLE "portfolio_entries" ADD CONSTRAINT "portfolio_entries_investor_organization_id_organizations_id_fk" FOREIGN KEY ("investor_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_entries" ADD CONSTRAINT "portfolio_entries_manager_organization_id_organizations_id_fk" FOREIGN KEY ("manager_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_entries" ADD CONSTRAINT "portfolio_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_entries_investor_idx" ON "portfolio_entries" USING btree ("investor_organization_id","manager_organization_id");
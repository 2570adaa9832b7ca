CREATE TABLE "exchange_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_organization_id" integer NOT NULL,
	"investor_organization_id" integer NOT NULL,
	"tabs" text[],
	"expires_at" timestamp with time zone NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	CONSTRAINT "exchange_grants_not_self" CHECK ("exchange_grants"."owner_organization_id" <> "exchange_grants"."investor_organization_id")
);
--> statement-breakpoint
CREATE TABLE "exchange_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_organization_id" integer NOT NULL,
	"investor_organization_id" integer NOT NULL,
	"requested_by" integer,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"grant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_requests_not_self" CHECK ("exchange_requests"."owner_organization_id" <> "exchange_requests"."investor_organization_id")
);
--> statement-breakpoint
CREATE TABLE "exchange_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"grant_id" integer NOT NULL,
	"owner_organization_id" integer NOT NULL,
	"investor_organization_id" integer NOT NULL,
	"viewer_user_id" integer,
	"tab" text,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exchange_grants" ADD CONSTRAINT "exchange_grants_owner_organization_id_organizations_id_fk" FOREIGN KEY ("owner_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_grants" ADD CONSTRAINT "exchange_grants_investor_organization_id_organizations_id_fk" FOREIGN KEY ("investor_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_grants" ADD CONSTRAINT "exchange_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_grants" ADD CONSTRAINT "exchange_grants_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_owner_organization_id_organizations_id_fk" FOREIGN KEY ("owner_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_investor_organization_id_organizations_id_fk" FOREIGN KEY ("investor_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_grant_id_exchange_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."exchange_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_views" ADD CONSTRAINT "exchange_views_grant_id_exchange_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."exchange_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_views" ADD CONSTRAINT "exchange_views_owner_organization_id_organizations_id_fk" FOREIGN KEY ("owner_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_views" ADD CONSTRAINT "exchange_views_investor_organization_id_organizations_id_fk" FOREIGN KEY ("investor_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_views" ADD CONSTRAINT "exchange_views_viewer_user_id_users_id_fk" FOREIGN KEY ("viewer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_grants_investor_idx" ON "exchange_grants" USING btree ("investor_organization_id","owner_organization_id");--> statement-breakpoint
CREATE INDEX "exchange_grants_owner_idx" ON "exchange_grants" USING btree ("owner_organization_id","created_at");--> statement-breakpoint
CREATE INDEX "exchange_requests_owner_idx" ON "exchange_requests" USING btree ("owner_organization_id","status");--> statement-breakpoint
CREATE INDEX "exchange_requests_investor_idx" ON "exchange_requests" USING btree ("investor_organization_id","status");--> statement-breakpoint
CREATE INDEX "exchange_views_owner_idx" ON "exchange_views" USING btree ("owner_organization_id","viewed_at");
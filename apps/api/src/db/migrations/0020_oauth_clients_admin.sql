ALTER TABLE "audit_log" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "principal_no" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "token_generation" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_client_id_oauth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."oauth_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_client_idx" ON "audit_log" USING btree ("client_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_clients_principal_no_unique" ON "oauth_clients" USING btree ("principal_no");
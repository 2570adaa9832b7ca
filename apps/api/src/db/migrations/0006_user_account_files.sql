CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" integer NOT NULL,
	"organization_id" integer,
	"kind" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_saved" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "image" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "corporate_title_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "functional_title_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "personal_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "office_address_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "veteran" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lgbt" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_generation_immigrant" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_disabled" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ethnicity_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "languages" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "interests" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "acknowledgements" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "private_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_saved" ADD CONSTRAINT "user_saved_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_unique" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_saved_unique" ON "user_saved" USING btree ("user_id","kind","ref_id");
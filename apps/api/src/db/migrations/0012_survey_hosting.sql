CREATE TABLE "labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_owner_name_unique" UNIQUE("owner_organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "legacy_survey_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_survey_responses_unique" UNIQUE("survey_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "organization_labels" (
	"label_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_labels_label_id_organization_id_pk" PRIMARY KEY("label_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "survey_administrators" (
	"survey_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_administrators_survey_id_user_id_pk" PRIMARY KEY("survey_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "survey_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"invited_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_contacts_unique" UNIQUE("survey_id","email")
);
--> statement-breakpoint
CREATE TABLE "survey_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"content_ref_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"config" jsonb,
	CONSTRAINT "survey_contents_unique" UNIQUE("survey_id","content_type","content_ref_id")
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"question_type_id" integer NOT NULL,
	"display" text NOT NULL,
	"config" jsonb,
	"default_value" jsonb,
	"section" text,
	"section_sub_header" text,
	"weight" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD COLUMN "reminder_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD COLUMN "declined_by" integer;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD COLUMN "decline_code" text;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD COLUMN "invited_by" integer;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "is_legacy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_owner_organization_id_organizations_id_fk" FOREIGN KEY ("owner_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_survey_responses" ADD CONSTRAINT "legacy_survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_survey_responses" ADD CONSTRAINT "legacy_survey_responses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_labels" ADD CONSTRAINT "organization_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_labels" ADD CONSTRAINT "organization_labels_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_administrators" ADD CONSTRAINT "survey_administrators_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_administrators" ADD CONSTRAINT "survey_administrators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_administrators" ADD CONSTRAINT "survey_administrators_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_contacts" ADD CONSTRAINT "survey_contacts_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_contacts" ADD CONSTRAINT "survey_contacts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_contacts" ADD CONSTRAINT "survey_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_contacts" ADD CONSTRAINT "survey_contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_contents" ADD CONSTRAINT "survey_contents_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_labels_org_idx" ON "organization_labels" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "survey_contacts_org_idx" ON "survey_contacts" USING btree ("survey_id","organization_id");--> statement-breakpoint
CREATE INDEX "survey_questions_survey_idx" ON "survey_questions" USING btree ("survey_id");--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_declined_by_users_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
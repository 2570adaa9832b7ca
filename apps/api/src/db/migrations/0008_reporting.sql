CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_id" integer,
	"address" text NOT NULL,
	"place_id" text,
	"details" jsonb,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_id" integer,
	"name" text NOT NULL,
	"board_type_id" integer,
	"board_position_id" integer,
	"date_of_joining" date,
	"gender_id" integer,
	"ethnicity_id" integer,
	"military_member_id" integer,
	"disabled_id" integer,
	"lgbtq_id" integer,
	"immigration_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_fields" (
	"id" integer PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"section" text NOT NULL,
	"section_order" integer DEFAULT 0 NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"help" text,
	"options" jsonb,
	"default_value" jsonb,
	"required" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_id" integer,
	"form_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"value" jsonb,
	CONSTRAINT "form_values_unique" UNIQUE NULLS NOT DISTINCT("organization_id","survey_id","form_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grid_cells" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_id" integer,
	"grid" text NOT NULL,
	"year" integer DEFAULT 0 NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"ethnicity_id" integer NOT NULL,
	"gender_id" integer NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "grid_cells_unique" UNIQUE NULLS NOT DISTINCT("organization_id","survey_id","grid","year","type","ethnicity_id","gender_id")
);
--> statement-breakpoint
CREATE TABLE "individuals" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_id" integer,
	"identification_id" integer,
	"name" text NOT NULL,
	"corporate_title_id" bigint,
	"date_of_joining" date,
	"gender_id" integer,
	"ethnicity_id" integer,
	"immigration_id" integer,
	"veteran_id" integer,
	"lgbtq_id" integer,
	"disabled_id" integer,
	"us_citizen_id" integer,
	"us_based_id" integer,
	"is_senior_management" boolean DEFAULT false NOT NULL,
	"date_of_promotion" date,
	"is_owner" boolean DEFAULT false NOT NULL,
	"ownership" numeric(5, 2),
	"initial_ownership_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "miscellaneous_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_id" integer,
	"form_id" integer NOT NULL,
	"question_type_id" integer NOT NULL,
	"display" text NOT NULL,
	"section" text,
	"config" jsonb,
	"value" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_id" integer,
	"policy_id" integer NOT NULL,
	"status" text,
	"current_as_of" date,
	"established_at" date,
	"last_reviewed_at" date,
	"revision" integer DEFAULT 1 NOT NULL,
	"user_id" integer,
	"source_policy_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_policy_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_policy_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_id" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"snapshot" jsonb NOT NULL,
	"scores" jsonb,
	"scoring_version" text
);
--> statement-breakpoint
CREATE TABLE "survey_organization_meta" (
	"organization_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"name" text NOT NULL,
	"about" text,
	"website" text,
	"color_id" integer,
	"legal_structure_id" integer,
	"inception_date" date,
	"is_publicly_traded" boolean DEFAULT false NOT NULL,
	"ticker_symbol" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"primary_phone" text,
	"primary_contact_id" integer,
	"total_full_time_employees" integer DEFAULT 0 NOT NULL,
	"total_owners" integer DEFAULT 0 NOT NULL,
	"total_leaders" integer DEFAULT 0 NOT NULL,
	"identifiers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tab_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_id" integer,
	"tab" text NOT NULL,
	"updated_at" timestamp (6) with time zone,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"occupied_by" integer,
	"occupied_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tab_states_unique" UNIQUE NULLS NOT DISTINCT("organization_id","survey_id","tab")
);
--> statement-breakpoint
CREATE TABLE "tab_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_id" integer,
	"tab" text NOT NULL,
	"version" integer NOT NULL,
	"kind" text DEFAULT 'save' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"saved_by" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submission_id" integer,
	CONSTRAINT "tab_versions_unique" UNIQUE NULLS NOT DISTINCT("organization_id","survey_id","tab","version")
);
--> statement-breakpoint
CREATE TABLE "survey_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"last_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_type_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"start" date NOT NULL,
	"due" date NOT NULL,
	"primary_contact_id" integer,
	"contact_email" text,
	"support_email" text,
	"created_by" integer,
	"archived_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "primary_phone" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "primary_contact_id" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "total_full_time_employees" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "total_owners" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "total_leaders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "identifiers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_members" ADD CONSTRAINT "board_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_members" ADD CONSTRAINT "board_members_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_values" ADD CONSTRAINT "form_values_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_values" ADD CONSTRAINT "form_values_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_values" ADD CONSTRAINT "form_values_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_values" ADD CONSTRAINT "form_values_field_id_form_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."form_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_cells" ADD CONSTRAINT "grid_cells_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_cells" ADD CONSTRAINT "grid_cells_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "individuals" ADD CONSTRAINT "individuals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "individuals" ADD CONSTRAINT "individuals_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miscellaneous_questions" ADD CONSTRAINT "miscellaneous_questions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miscellaneous_questions" ADD CONSTRAINT "miscellaneous_questions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miscellaneous_questions" ADD CONSTRAINT "miscellaneous_questions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miscellaneous_questions" ADD CONSTRAINT "miscellaneous_questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_policies" ADD CONSTRAINT "organization_policies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_policies" ADD CONSTRAINT "organization_policies_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_policies" ADD CONSTRAINT "organization_policies_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_policies" ADD CONSTRAINT "organization_policies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_policy_attachments" ADD CONSTRAINT "organization_policy_attachments_organization_policy_id_organization_policies_id_fk" FOREIGN KEY ("organization_policy_id") REFERENCES "public"."organization_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_policy_attachments" ADD CONSTRAINT "organization_policy_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_organization_meta" ADD CONSTRAINT "survey_organization_meta_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_organization_meta" ADD CONSTRAINT "survey_organization_meta_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_states" ADD CONSTRAINT "tab_states_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_states" ADD CONSTRAINT "tab_states_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_states" ADD CONSTRAINT "tab_states_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_states" ADD CONSTRAINT "tab_states_occupied_by_users_id_fk" FOREIGN KEY ("occupied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_versions" ADD CONSTRAINT "tab_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_versions" ADD CONSTRAINT "tab_versions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_versions" ADD CONSTRAINT "tab_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_primary_contact_id_users_id_fk" FOREIGN KEY ("primary_contact_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_scope_idx" ON "addresses" USING btree ("organization_id","survey_id");--> statement-breakpoint
CREATE INDEX "board_members_scope_idx" ON "board_members" USING btree ("organization_id","survey_id");--> statement-breakpoint
CREATE INDEX "form_fields_form_idx" ON "form_fields" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "individuals_scope_idx" ON "individuals" USING btree ("organization_id","survey_id");--> statement-breakpoint
CREATE INDEX "miscellaneous_questions_scope_idx" ON "miscellaneous_questions" USING btree ("organization_id","survey_id");--> statement-breakpoint
CREATE INDEX "organization_policies_scope_idx" ON "organization_policies" USING btree ("organization_id","survey_id");--> statement-breakpoint
CREATE INDEX "organization_policy_attachments_policy_idx" ON "organization_policy_attachments" USING btree ("organization_policy_id");--> statement-breakpoint
CREATE INDEX "submissions_scope_idx" ON "submissions" USING btree ("organization_id","survey_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_organization_meta_pk" ON "survey_organization_meta" USING btree ("organization_id","survey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_unique" ON "survey_invitations" USING btree ("survey_id","organization_id");--> statement-breakpoint
CREATE INDEX "survey_invitations_org_idx" ON "survey_invitations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "surveys_host_idx" ON "surveys" USING btree ("organization_id");--> statement-breakpoint
-- Reference data of the profile: the policy list and the two generated forms. Ids are stable:
-- stored answers refer to them.
INSERT INTO "policies" ("id", "name", "order") VALUES
  (1, 'Diversity, Equity and Inclusion Policy', 1),
  (2, 'Equal Employment Opportunity Policy', 2),
  (3, 'Anti-Harassment and Discrimination Policy', 3),
  (4, 'Pay Equity Policy', 4),
  (5, 'Parental Leave Policy', 5),
  (6, 'Flexible Work Policy', 6),
  (7, 'Supplier Diversity Policy', 7),
  (8, 'Responsible Investment Policy', 8),
  (9, 'Whistleblower Policy', 9),
  (10, 'Code of Conduct', 10);
--> statement-breakpoint
INSERT INTO "forms" ("id", "name") VALUES (8, 'Practices'), (10, 'Miscellaneous');
--> statement-breakpoint
INSERT INTO "form_fields" ("id", "form_id", "section", "section_order", "order", "type", "label", "help", "options", "default_value", "required") VALUES
  (801, 8, 'Leadership and accountability', 1, 1, 'switch', 'A senior leader is accountable for diversity, equity and inclusion', NULL, NULL, 'false', false),
  (802, 8, 'Leadership and accountability', 1, 2, 'select', 'How often does the leadership team review diversity data?', NULL, '[{"id":1,"name":"Never"},{"id":2,"name":"Annually"},{"id":3,"name":"Quarterly"},{"id":4,"name":"Monthly"}]', NULL, false),
  (803, 8, 'Leadership and accountability', 1, 3, 'date', 'Date of the last diversity report to the board', NULL, NULL, NULL, false),
  (811, 8, 'Recruitment', 2, 1, 'switch', 'Diverse candidate slates are required for open roles', NULL, NULL, 'false', false),
  (812, 8, 'Recruitment', 2, 2, 'percentage', 'Share of interview panels that include a woman or a person of colour', NULL, NULL, NULL, false),
  (813, 8, 'Recruitment', 2, 3, 'number', 'Number of partnerships with diverse recruiting organizations', NULL, NULL, '0', false),
  (814, 8, 'Recruitment', 2, 4, 'url', 'Public careers page', NULL, NULL, NULL, false),
  (821, 8, 'Retention and development', 3, 1, 'switch', 'Mentoring or sponsorship programme for under-represented staff', NULL, NULL, 'false', false),
  (822, 8, 'Retention and development', 3, 2, 'switch', 'Employee resource groups are funded', NULL, NULL, 'false', false),
  (823, 8, 'Retention and development', 3, 3, 'select', 'Pay equity analysis', NULL, '[{"id":1,"name":"Not performed"},{"id":2,"name":"Performed internally"},{"id":3,"name":"Performed by a third party"}]', NULL, false),
  (831, 8, 'Investment process', 4, 1, 'switch', 'Diversity is considered in investment due diligence', NULL, NULL, 'false', false),
  (832, 8, 'Investment process', 4, 2, 'percentage', 'Share of portfolio companies reporting diversity data', NULL, NULL, NULL, false),
  (833, 8, 'Investment process', 4, 3, 'text', 'How are diverse-owned managers or suppliers sourced?', NULL, NULL, NULL, false),
  (1001, 10, 'Contacts', 1, 1, 'text', 'Name of the person responsible for this report', NULL, NULL, NULL, false),
  (1002, 10, 'Contacts', 1, 2, 'phone', 'Phone of the person responsible for this report', NULL, NULL, NULL, false),
  (1003, 10, 'Contacts', 1, 3, 'address', 'Address for correspondence', NULL, NULL, NULL, false),
  (1011, 10, 'Organization', 2, 1, 'industries', 'Global industries of the main strategy', NULL, NULL, NULL, false),
  (1012, 10, 'Organization', 2, 2, 'number', 'Number of offices', NULL, NULL, '1', false),
  (1013, 10, 'Organization', 2, 3, 'text', 'Anything else the requester should know', NULL, NULL, NULL, false);

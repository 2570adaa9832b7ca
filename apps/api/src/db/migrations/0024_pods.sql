CREATE TABLE "pod_digest_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pod_id" integer NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pod_files" (
	"pod_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "pod_files_pod_id_file_id_pk" PRIMARY KEY("pod_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "pod_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"pod_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invited_by" integer NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pod_members" (
	"pod_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"mail_preference" text DEFAULT 'every' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	CONSTRAINT "pod_members_pod_id_user_id_pk" PRIMARY KEY("pod_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "pod_post_attachments" (
	"post_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "pod_post_attachments_post_id_file_id_pk" PRIMARY KEY("post_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "pod_post_mentions" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "pod_post_mentions_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "pod_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"pod_id" integer NOT NULL,
	"parent_id" integer,
	"kind" text DEFAULT 'post' NOT NULL,
	"author_id" integer,
	"body" text DEFAULT '' NOT NULL,
	"event_id" integer,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"visibility" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('english', description), 'B')) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "pod_id" integer;--> statement-breakpoint
ALTER TABLE "pod_digest_items" ADD CONSTRAINT "pod_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_digest_items" ADD CONSTRAINT "pod_digest_items_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_files" ADD CONSTRAINT "pod_files_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_files" ADD CONSTRAINT "pod_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_invitations" ADD CONSTRAINT "pod_invitations_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_invitations" ADD CONSTRAINT "pod_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_invitations" ADD CONSTRAINT "pod_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_members" ADD CONSTRAINT "pod_members_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_members" ADD CONSTRAINT "pod_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_post_attachments" ADD CONSTRAINT "pod_post_attachments_post_id_pod_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."pod_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_post_attachments" ADD CONSTRAINT "pod_post_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_post_mentions" ADD CONSTRAINT "pod_post_mentions_post_id_pod_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."pod_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_post_mentions" ADD CONSTRAINT "pod_post_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_posts" ADD CONSTRAINT "pod_posts_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_posts" ADD CONSTRAINT "pod_posts_parent_id_pod_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."pod_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_posts" ADD CONSTRAINT "pod_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_posts" ADD CONSTRAINT "pod_posts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pod_digest_items_user_idx" ON "pod_digest_items" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pod_files_file_unique" ON "pod_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pod_invitations_token_unique" ON "pod_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "pod_invitations_pending_unique" ON "pod_invitations" USING btree ("pod_id","user_id") WHERE "pod_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "pod_members_user_idx" ON "pod_members" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "pod_post_attachments_file_idx" ON "pod_post_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "pod_posts_feed_idx" ON "pod_posts" USING btree ("pod_id","id" DESC NULLS LAST) WHERE "pod_posts"."parent_id" IS NULL;--> statement-breakpoint
CREATE INDEX "pod_posts_parent_idx" ON "pod_posts" USING btree ("parent_id","id");--> statement-breakpoint
CREATE INDEX "pods_visibility_idx" ON "pods" USING btree ("visibility");--> statement-breakpoint
CREATE INDEX "pods_search_idx" ON "pods" USING gin ("search");--> statement-breakpoint
CREATE INDEX "pods_name_trgm_idx" ON "pods" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_pod_idx" ON "events" USING btree ("pod_id","start_at") WHERE "events"."pod_id" IS NOT NULL;
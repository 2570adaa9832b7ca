ALTER TABLE "surveys" ADD COLUMN "receive_type_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "insight_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;
-- Typo-tolerant search (issue 17): trigram indexes on the names. pg_trgm is a trusted extension
-- (PostgreSQL 13+), and PGlite loads it when the client is opened with it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "files_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', regexp_replace(original_name, '[._-]+', ' ', 'g')), 'A')
          || setweight(to_tsvector('english', coalesce(text, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', name), 'A')
          || setweight(to_tsvector('simple', coalesce(ticker_symbol, '') || ' ' || coalesce(website, '')), 'B')
          || setweight(to_tsvector('english', coalesce(about, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (name || ' ' || CASE WHEN 'lastname' = ANY (private_fields) THEN '' ELSE lastname END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', name || ' ' || CASE WHEN 'lastname' = ANY (private_fields) THEN '' ELSE lastname END), 'A')
          || setweight(to_tsvector('simple', coalesce(title, '') || ' ' || email), 'B')
          || setweight(to_tsvector('english', CASE WHEN 'bio' = ANY (private_fields) THEN '' ELSE coalesce(bio, '') END), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', name), 'A')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "files_number_unique" ON "files" USING btree ("number");--> statement-breakpoint
CREATE INDEX "files_organization_kind_idx" ON "files" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE INDEX "files_search_idx" ON "files" USING gin ("search") WHERE kind = 'organization_document';--> statement-breakpoint
CREATE INDEX "files_name_trgm_idx" ON "files" USING gin ("original_name" gin_trgm_ops) WHERE kind = 'organization_document';--> statement-breakpoint
CREATE INDEX "organizations_search_idx" ON "organizations" USING gin ("search");--> statement-breakpoint
CREATE INDEX "organizations_name_trgm_idx" ON "organizations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search");--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "surveys_search_idx" ON "surveys" USING gin ("search");--> statement-breakpoint
CREATE INDEX "surveys_title_trgm_idx" ON "surveys" USING gin ("title" gin_trgm_ops);
-- btree_gin: GIN indexes that lead with the organization (PGlite ships it too, see db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "files_search_idx";--> statement-breakpoint
DROP INDEX "files_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "files_document_search_idx" ON "files" USING gin ("organization_id","search") WHERE kind = 'organization_document';--> statement-breakpoint
CREATE INDEX "files_document_name_trgm_idx" ON "files" USING gin ("organization_id","original_name" gin_trgm_ops) WHERE kind = 'organization_document';
ALTER TABLE "users" ALTER COLUMN "private_fields" SET DEFAULT '{gender_id,ethnicity_id,lgbt,is_disabled,veteran,is_generation_immigrant}'::text[];--> statement-breakpoint
-- Existing accounts move to the same default: the special-category fields become private until
-- each user chooses to show them again (issue #19 point 9).
UPDATE "users" SET "private_fields" = ARRAY(
  SELECT DISTINCT f FROM unnest("private_fields" || '{gender_id,ethnicity_id,lgbt,is_disabled,veteran,is_generation_immigrant}'::text[]) AS f ORDER BY f
);

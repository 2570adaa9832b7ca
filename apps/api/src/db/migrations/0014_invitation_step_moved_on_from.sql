ALTER TABLE "survey_invitations" ALTER COLUMN "step" SET DEFAULT 0;--> statement-breakpoint
-- step was the step the respondent was on; it is now the furthest step moved on from, one before.
UPDATE "survey_invitations" SET "step" = GREATEST("step" - 1, 0);

CREATE SCHEMA "parity_cache";
--> statement-breakpoint
CREATE TABLE "parity_cache"."calendar_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	CONSTRAINT "calendar_version_one_row" CHECK ("parity_cache"."calendar_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "parity_cache"."calendar_version" ("id") VALUES (1);
--> statement-breakpoint
-- Draws a new token once per writing transaction (the flag is local to it). Fired by deferred
-- constraint triggers, so at the commit: the row is locked only from then to the commit's end,
-- when the transaction waits for nothing else, so writers never deadlock on it.
CREATE FUNCTION "parity_cache"."calendar_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('parity.calendar_changed', true) IS DISTINCT FROM 'on' THEN
    UPDATE "parity_cache"."calendar_version" SET "token" = gen_random_uuid() WHERE "id" = 1;
    PERFORM set_config('parity.calendar_changed', 'on', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "events_calendar_changed" AFTER INSERT OR UPDATE OR DELETE ON "events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "parity_cache"."calendar_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "event_attendees_calendar_changed" AFTER INSERT OR UPDATE OR DELETE ON "event_attendees"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "parity_cache"."calendar_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "event_exceptions_calendar_changed" AFTER INSERT OR UPDATE OR DELETE ON "event_exceptions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "parity_cache"."calendar_changed"();
--> statement-breakpoint
-- A pod's events are its active members'; its admins may edit them.
CREATE CONSTRAINT TRIGGER "pod_members_calendar_changed" AFTER INSERT OR UPDATE OR DELETE ON "pod_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "parity_cache"."calendar_changed"();
--> statement-breakpoint
-- TRUNCATE fires no row trigger: a statement trigger draws the token at once.
CREATE TRIGGER "events_calendar_truncated" AFTER TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "parity_cache"."calendar_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_attendees_calendar_truncated" AFTER TRUNCATE ON "event_attendees"
  FOR EACH STATEMENT EXECUTE FUNCTION "parity_cache"."calendar_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_exceptions_calendar_truncated" AFTER TRUNCATE ON "event_exceptions"
  FOR EACH STATEMENT EXECUTE FUNCTION "parity_cache"."calendar_changed"();
--> statement-breakpoint
CREATE TRIGGER "pod_members_calendar_truncated" AFTER TRUNCATE ON "pod_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "parity_cache"."calendar_changed"();

import { sql } from 'drizzle-orm';
import type { SearchCaller } from './kind';
import { defineKind } from './kind';

/**
 * Who may read an event (the calendar module's rule, modules/calendar/repo.ts `readableEvent`):
 * its organizer and invited attendees; an organization event to its approved members; a public
 * one to every approved user (platform admins included).
 */
const readable = (caller: SearchCaller) => {
  const approved = caller.organizationId !== null || caller.isPlatformAdmin;
  return sql`(e.organizer_id = ${caller.userId}
    OR EXISTS (SELECT 1 FROM event_attendees ea WHERE ea.event_id = e.id AND ea.user_id = ${caller.userId})
    OR (e.visibility = 'organization' AND e.organization_id = ${caller.organizationId ?? -1})
    OR (e.visibility = 'public' AND ${approved}::boolean))`;
};

/** Calendar events by title, location and description; each opens on its page. */
export const eventsKind = defineKind<{ starts: string; organization: string | null }>({
  kind: 'events',
  from: sql`events e LEFT JOIN organizations eo ON eo.id = e.organization_id`,
  id: sql`e.id`,
  vector: sql`e.search`,
  name: sql`e.title`,
  readable,
  title: sql`e.title`,
  snippet: { text: sql`regexp_replace(e.description, '<[^>]*>', ' ', 'g')`, config: 'english' },
  extra: () =>
    // in UTC: an event's zone is one the runtime knows, not always one PostgreSQL does
    sql`json_build_object('starts', to_char(e.start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC',
      'organization', eo.name)`,
  present: (id, extra) => ({
    subtitle: extra.organization ? `${extra.starts} · ${extra.organization}` : extra.starts,
    link: `/calendar/events/${id}`,
  }),
});

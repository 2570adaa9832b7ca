import { sql } from 'drizzle-orm';
import { mayKnowOrganizationSql } from '../../../core/access/organization-visibility';
import { isPodMemberSql } from '../../../core/access/pod-membership';
import type { SearchCaller } from './kind';
import { defineKind } from './kind';

/**
 * Who may read an event (the calendar module's rule, modules/calendar/repo.ts `readableEvent`):
 * its organizer and invited attendees; an organization event to its approved members; a public
 * one to every approved user (platform admins included); a pod's event to the pod's members.
 */
const readable = (caller: SearchCaller) => {
  const approved = caller.organizationId !== null || caller.isPlatformAdmin;
  return sql`(e.organizer_id = ${caller.userId}
    OR EXISTS (SELECT 1 FROM event_attendees ea WHERE ea.event_id = e.id AND ea.user_id = ${caller.userId})
    OR (e.visibility = 'organization' AND e.organization_id = ${caller.organizationId ?? -1})
    OR (e.visibility = 'public' AND ${approved}::boolean)
    OR (e.visibility = 'pod' AND ${isPodMemberSql(sql`e.pod_id`, caller.userId)}))`;
};

/** Calendar events by title, location and description; each opens on its page. */
export const eventsKind = defineKind<{ starts: string; organization: string | null; podId: number | null }>({
  kind: 'events',
  from: sql`events e LEFT JOIN organizations eo ON eo.id = e.organization_id`,
  id: sql`e.id`,
  vector: sql`e.search`,
  name: sql`e.title`,
  readable,
  title: sql`e.title`,
  snippet: { text: sql`regexp_replace(e.description, '<[^>]*>', ' ', 'g')`, config: 'english' },
  extra: (caller) =>
    // in UTC: an event's zone is one the runtime knows, not always one PostgreSQL does; a private
    // organization is named only to who may know it (a public event of its own is not a reason)
    sql`json_build_object('starts', to_char(e.start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC',
      'organization', CASE WHEN ${mayKnowOrganizationSql(caller, sql`eo.id`)} THEN eo.name END, 'podId', e.pod_id)`,
  present: (id, extra) => ({
    subtitle: extra.organization ? `${extra.starts} · ${extra.organization}` : extra.starts,
    // a pod's event opens on its pod's page
    link: extra.podId ? `/pods/${extra.podId}/events/${id}` : `/calendar/events/${id}`,
  }),
});

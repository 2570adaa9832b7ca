import { sql } from 'drizzle-orm';
import type { SearchCaller } from './kind';
import { defineKind } from './kind';

/** A host's role on the survey (core/access/survey-host-guard.ts): its hosts and administrators. */
const hosting = (caller: SearchCaller) =>
  caller.organizationId === null
    ? sql`FALSE`
    : sql`(s.organization_id = ${caller.organizationId} AND (${caller.isSurveyHost}::boolean
        OR EXISTS (SELECT 1 FROM survey_administrators sa WHERE sa.survey_id = s.id AND sa.user_id = ${caller.userId})))`;

/** An invited respondent's members (surveys/repo.ts invitations: declined ones aside). */
const invited = (caller: SearchCaller) =>
  caller.organizationId === null
    ? sql`FALSE`
    : sql`EXISTS (SELECT 1 FROM survey_invitations si WHERE si.survey_id = s.id
        AND si.organization_id = ${caller.organizationId} AND si.status <> 'declined')`;

/**
 * Live surveys, to the host organization's survey hosts, the survey's administrators, the members
 * of an invited organization and platform admins; each opens where that caller works on it.
 */
export const surveysKind = defineKind<{
  host: string;
  due: string;
  hosting: boolean;
  archived: boolean;
}>({
  kind: 'surveys',
  from: sql`surveys s JOIN organizations so ON so.id = s.organization_id`,
  id: sql`s.id`,
  vector: sql`s.search`,
  name: sql`s.title`,
  readable: (caller) =>
    caller.isPlatformAdmin
      ? sql`s.deleted_at IS NULL`
      : sql`(s.deleted_at IS NULL AND (${hosting(caller)} OR ${invited(caller)}))`,
  title: sql`s.title`,
  snippet: { text: sql`s.description`, config: 'english' },
  extra: (caller) =>
    sql`json_build_object('host', so.name, 'due', s.due::text,
      'hosting', ${caller.isPlatformAdmin ? sql`TRUE` : hosting(caller)},
      'archived', s.archived_at IS NOT NULL OR s.is_legacy)`,
  present: (id, extra, caller) => {
    const respondent = `organizationId=${caller.organizationId}`;
    return {
      subtitle: `Hosted by ${extra.host} · due ${extra.due}`,
      link: extra.hosting
        ? `/surveys/hosting/${id}`
        : extra.archived
          ? `/surveys/archived/${id}?${respondent}`
          : `/surveys/taking/${id}?${respondent}`,
    };
  },
});

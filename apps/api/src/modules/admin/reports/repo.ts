import type {
  TOrganizationsReportQuery,
  TSubmissionsReportQuery,
  TSurveysReportQuery,
  TUsersReportQuery,
} from '@parity/domain/admin-reports';
import { and, asc, eq, gt, gte, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { legalStructures } from '../../../db/schema/dictionaries';
import { memberships, organizations, users } from '../../../db/schema/people';
import { submissions } from '../../../db/schema/reporting';
import { surveys } from '../../../db/schema/surveys';
import { activeUsersWhere } from '../users/repo';

// Each report is read a page at a time in id order (keyset: WHERE id > the last one sent), so a
// page costs the same however deep in the file it is and no more than one page is in memory.

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The day after a YYYY-MM-DD day, so that `to` includes its whole day (UTC). */
function nextDay(day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

export function organizationsPage(
  db: DbOrTx,
  filters: TOrganizationsReportQuery,
  afterId: number,
  limit: number,
) {
  const search = filters.search ? `%${escapeLike(filters.search)}%` : undefined;
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      legal_structure: legalStructures.name,
      is_public: organizations.is_public,
      is_publicly_traded: organizations.is_publicly_traded,
      ticker_symbol: organizations.ticker_symbol,
      website: organizations.website,
      members: sql<number>`(SELECT count(*) FROM memberships m
        WHERE m.organization_id = ${organizations.id} AND m.status = 'approved')`.mapWith(Number),
      created_at: organizations.created_at,
      deleted_at: organizations.deleted_at,
    })
    .from(organizations)
    .leftJoin(legalStructures, eq(legalStructures.id, organizations.legal_structure_id))
    .where(
      and(
        gt(organizations.id, afterId),
        search ? sql`${organizations.name} ILIKE ${search}` : undefined,
        filters.legal_structure_id
          ? eq(organizations.legal_structure_id, filters.legal_structure_id)
          : undefined,
        filters.visibility ? eq(organizations.is_public, filters.visibility === 'public') : undefined,
        filters.deleted === 'exclude'
          ? isNull(organizations.deleted_at)
          : filters.deleted === 'only'
            ? isNotNull(organizations.deleted_at)
            : undefined,
      ),
    )
    .orderBy(asc(organizations.id))
    .limit(limit);
}

/** Active accounts with their membership, through the user list's own filters. */
export function usersPage(db: DbOrTx, filters: TUsersReportQuery, afterId: number, limit: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
      title: users.title,
      organization: organizations.name,
      status: memberships.status,
      is_sadm: users.is_sadm,
      manage_settings: memberships.manage_settings,
      user_manage_surveys: memberships.user_manage_surveys,
      two_fa_enabled: users.two_fa_enabled,
      created_at: users.created_at,
      last_login_at: users.last_login_at,
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.user_id, users.id))
    .leftJoin(
      organizations,
      and(eq(organizations.id, memberships.organization_id), isNull(organizations.deleted_at)),
    )
    .where(and(gt(users.id, afterId), activeUsersWhere(filters)))
    .orderBy(asc(users.id))
    .limit(limit);
}

/** hostedSurveyStatus (packages/domain/src/surveys.ts) in SQL, today in UTC. */
const surveyStatus = sql<string>`CASE WHEN ${surveys.archived_at} IS NOT NULL THEN 'Archived'
  WHEN ${surveys.due} < (now() AT TIME ZONE 'UTC')::date THEN 'Past Due'
  WHEN ${surveys.start} > (now() AT TIME ZONE 'UTC')::date THEN 'Scheduled'
  ELSE 'Active' END`;

/** Live surveys with their invitations counted (invitations of deleted organizations left out). */
export function surveysPage(db: DbOrTx, filters: TSurveysReportQuery, afterId: number, limit: number) {
  const counted = (status: SQL) =>
    sql<number>`(SELECT count(*) FROM survey_invitations i JOIN organizations io ON io.id = i.organization_id
      WHERE i.survey_id = ${surveys.id} AND io.deleted_at IS NULL AND ${status})`.mapWith(Number);
  const conditions: (SQL | undefined)[] = [
    gt(surveys.id, afterId),
    isNull(surveys.deleted_at),
    filters.status ? sql`${surveyStatus} = ${filters.status}` : undefined,
    filters.organization_id ? eq(surveys.organization_id, filters.organization_id) : undefined,
    filters.year ? sql`extract(year from ${surveys.due}) = ${filters.year}` : undefined,
  ];
  return db
    .select({
      id: surveys.id,
      title: surveys.title,
      host: organizations.name,
      start: surveys.start,
      due: surveys.due,
      status: surveyStatus,
      invited: counted(sql`true`),
      responded: counted(sql`i.status IN ('in_progress', 'submitted')`),
      submitted: counted(sql`i.status = 'submitted'`),
    })
    .from(surveys)
    .innerJoin(organizations, eq(organizations.id, surveys.organization_id))
    .where(and(...conditions))
    .orderBy(asc(surveys.id))
    .limit(limit);
}

/** Submissions (survey responses and organizations' own profiles) with the scores stored with them. */
export function submissionsPage(
  db: DbOrTx,
  filters: TSubmissionsReportQuery,
  afterId: number,
  limit: number,
) {
  return db
    .select({
      id: submissions.id,
      organization: organizations.name,
      survey: surveys.title,
      submitted_at: submissions.submitted_at,
      lpi: sql<unknown>`${submissions.scores} -> 'lpi'`,
      evenness: sql<unknown>`${submissions.scores} #> '{evenness,prime,combined,value}'`,
      transparency: sql<unknown>`${submissions.scores} #> '{transparency,transparency}'`,
    })
    .from(submissions)
    .innerJoin(organizations, eq(organizations.id, submissions.organization_id))
    .leftJoin(surveys, eq(surveys.id, submissions.survey_id))
    .where(
      and(
        gt(submissions.id, afterId),
        filters.survey_id ? eq(submissions.survey_id, filters.survey_id) : undefined,
        filters.organization_id ? eq(submissions.organization_id, filters.organization_id) : undefined,
        filters.from ? gte(submissions.submitted_at, new Date(`${filters.from}T00:00:00.000Z`)) : undefined,
        filters.to ? lt(submissions.submitted_at, nextDay(filters.to)) : undefined,
      ),
    )
    .orderBy(asc(submissions.id))
    .limit(limit);
}

import { DASHBOARD_WEEKS } from '@parity/domain/admin-dashboard';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** The Monday-based weeks of the last year (UTC), oldest first, as a FROM item `weeks(week)`. */
const weeks = sql`generate_series(
    date_trunc('week', now() AT TIME ZONE 'UTC') - ${DASHBOARD_WEEKS - 1} * interval '1 week',
    date_trunc('week', now() AT TIME ZONE 'UTC'),
    interval '1 week'
  ) AS weeks(week)`;

export function organizationsByLegalStructure(db: DbOrTx) {
  return rows<{ legal_structure: string | null; public: number | string; private: number | string }>(
    db,
    sql`SELECT ls.name AS legal_structure,
          count(*) FILTER (WHERE o.is_public) AS public,
          count(*) FILTER (WHERE NOT o.is_public) AS private
        FROM organizations o LEFT JOIN legal_structures ls ON ls.id = o.legal_structure_id
        WHERE o.deleted_at IS NULL
        GROUP BY ls.name ORDER BY ls.name NULLS LAST`,
  );
}

export function usersByStatus(db: DbOrTx) {
  return rows<{ status: string; count: number | string }>(
    db,
    sql`SELECT CASE WHEN u.deleted_at IS NOT NULL THEN 'archived'
                    WHEN m.status IS NULL THEN 'no_organization'
                    ELSE m.status::text END AS status,
          count(*) AS count
        FROM users u LEFT JOIN memberships m ON m.user_id = u.id
        GROUP BY 1`,
  );
}

/** The statuses of hostedSurveyStatus (packages/domain/src/surveys.ts), today in UTC. */
export function surveysByStatus(db: DbOrTx) {
  return rows<{ status: string; count: number | string }>(
    db,
    sql`SELECT CASE WHEN s.archived_at IS NOT NULL THEN 'Archived'
                    WHEN s.due < (now() AT TIME ZONE 'UTC')::date THEN 'Past Due'
                    WHEN s.start > (now() AT TIME ZONE 'UTC')::date THEN 'Scheduled'
                    ELSE 'Active' END AS status,
          count(*) AS count
        FROM surveys s WHERE s.deleted_at IS NULL
        GROUP BY 1`,
  );
}

export function submissionsPerWeek(db: DbOrTx) {
  return rows<{ week: string; count: number | string }>(
    db,
    sql`SELECT to_char(weeks.week, 'YYYY-MM-DD') AS week, count(s.id) AS count
        FROM ${weeks}
        LEFT JOIN submissions s
          ON s.submitted_at >= weeks.week AT TIME ZONE 'UTC'
         AND s.submitted_at < (weeks.week + interval '1 week') AT TIME ZONE 'UTC'
        GROUP BY weeks.week ORDER BY weeks.week`,
  );
}

export function feedbackPerWeek(db: DbOrTx) {
  return rows<{ week: string; count: number | string; average: number | string | null }>(
    db,
    sql`SELECT to_char(weeks.week, 'YYYY-MM-DD') AS week, count(f.id) AS count,
          round(avg(f.value), 2) AS average
        FROM ${weeks}
        LEFT JOIN feedback f
          ON f.created_at >= weeks.week AT TIME ZONE 'UTC'
         AND f.created_at < (weeks.week + interval '1 week') AT TIME ZONE 'UTC'
        GROUP BY weeks.week ORDER BY weeks.week`,
  );
}

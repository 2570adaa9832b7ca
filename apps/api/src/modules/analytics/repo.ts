import type { TEvennessKey, TLpiKey } from '@parity/domain/analytics';
import type { TProfileScores } from '@parity/domain/scoring/profile';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/people';
import { submissions } from '../../db/schema/reporting';
import { labels, surveyInvitations, surveys } from '../../db/schema/surveys';

// The analytics read the scores stored with each submission, never the people behind them: one
// row per submission, and for a survey only the few numbers asked for, extracted in SQL.

export interface StoredSubmission {
  id: number;
  organization_id: number;
  survey_id: number | null;
  submitted_at: Date;
  scoring_version: string | null;
  scores: TProfileScores;
}

const columns = {
  id: submissions.id,
  organization_id: submissions.organization_id,
  survey_id: submissions.survey_id,
  submitted_at: submissions.submitted_at,
  scoring_version: submissions.scoring_version,
  scores: submissions.scores,
};

const scopeOf = (organizationId: number, surveyId: number | null) =>
  and(
    eq(submissions.organization_id, organizationId),
    surveyId === null ? isNull(submissions.survey_id) : eq(submissions.survey_id, surveyId),
    isNotNull(submissions.scores),
  );

/**
 * The latest scored submission of an organization in a scope: its own profile (surveyId null), one
 * survey's response, or 'own' (what its members read as its scores: its latest profile submission,
 * else, before it ever submitted its profile, its latest survey response). 'own' prefers the profile
 * so that the figures agree with the history (profile submissions) and the organization's lpi_score.
 */
export async function latestSubmission(
  db: DbOrTx,
  organizationId: number,
  surveyId: number | null | 'own',
): Promise<StoredSubmission | undefined> {
  const [row] = await db
    .select(columns)
    .from(submissions)
    .where(
      surveyId === 'own'
        ? and(eq(submissions.organization_id, organizationId), isNotNull(submissions.scores))
        : scopeOf(organizationId, surveyId),
    )
    .orderBy(
      ...(surveyId === 'own' ? [desc(isNull(submissions.survey_id))] : []),
      desc(submissions.submitted_at),
      desc(submissions.id),
    )
    .limit(1);
  return row as StoredSubmission | undefined;
}

/** A submission's snapshot (for the head counts shown beside its scores). */
export async function submissionSnapshot(db: DbOrTx, submissionId: number): Promise<unknown> {
  const [row] = await db
    .select({ snapshot: submissions.snapshot })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  return row?.snapshot ?? null;
}

export async function surveyTitle(db: DbOrTx, surveyId: number): Promise<string | null> {
  const [row] = await db.select({ title: surveys.title }).from(surveys).where(eq(surveys.id, surveyId));
  return row?.title ?? null;
}

/** Every scored organization-scope submission of an organization, oldest first. */
export async function organizationSubmissions(
  db: DbOrTx,
  organizationId: number,
): Promise<StoredSubmission[]> {
  const rows = await db
    .select(columns)
    .from(submissions)
    .where(scopeOf(organizationId, null))
    .orderBy(asc(submissions.submitted_at), asc(submissions.id));
  return rows as StoredSubmission[];
}

/** Whether the organization is invited to the survey (any status). */
export async function isInvited(db: DbOrTx, surveyId: number, organizationId: number) {
  const [row] = await db
    .select({ id: surveyInvitations.id })
    .from(surveyInvitations)
    .where(
      and(eq(surveyInvitations.survey_id, surveyId), eq(surveyInvitations.organization_id, organizationId)),
    );
  return Boolean(row);
}

export async function findOrganization(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      is_public: organizations.is_public,
      publish_scores: organizations.publish_scores,
      deleted_at: organizations.deleted_at,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

/**
 * Where each flat figure sits in the stored scores: a top-level number (path null), or a path inside
 * one of its top-level objects (transparency, evenness).
 */
const SOURCES: Record<TLpiKey | TEvennessKey, { field: string; path: string | null }> = {
  lpi: { field: 'lpi', path: null },
  lpi_prime: { field: 'lpi_prime', path: null },
  lpi_prime_gender: { field: 'lpi_prime_gender', path: null },
  lpi_prime_racial: { field: 'lpi_prime_racial', path: null },
  lpi_ownership: { field: 'lpi_ownership', path: null },
  lpi_ownership_gender: { field: 'lpi_ownership_gender', path: null },
  lpi_ownership_racial: { field: 'lpi_ownership_racial', path: null },
  staff_score: { field: 'staff_score', path: null },
  leadership_score: { field: 'leadership_score', path: null },
  ownership_score: { field: 'ownership_score', path: null },
  transparency: { field: 'transparency', path: '{transparency}' },
  prime_gender: { field: 'evenness', path: '{prime,gender,value}' },
  prime_racial: { field: 'evenness', path: '{prime,racial,value}' },
  prime_combined: { field: 'evenness', path: '{prime,combined,value}' },
  ownership_gender: { field: 'evenness', path: '{ownership,gender,value}' },
  ownership_racial: { field: 'evenness', path: '{ownership,racial,value}' },
  ownership_combined: { field: 'evenness', path: '{ownership,combined,value}' },
};

export type FigureKey = TLpiKey | TEvennessKey;

export interface RespondentFigures<K extends FigureKey> {
  organization_id: number;
  organization_name: string;
  values: Record<K, number | null>;
}

/** Those of the labels that the organization owns (a host's labels), by id. */
export async function ownedLabelIds(db: DbOrTx, ownerId: number, labelIds: readonly number[]) {
  if (labelIds.length === 0) return [];
  const rows = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.owner_organization_id, ownerId), inArray(labels.id, [...labelIds])));
  return rows.map((r) => r.id);
}

/**
 * Some figures of every submitted respondent of a survey (its latest scored submission, the
 * invitation submitted), ordered by organization name. With labelIds, only the respondents
 * carrying any of those labels (LABEL_MATCH 'any', as the participants list). One query; only the
 * numbers leave the database, never a snapshot.
 *
 * The stored scores (about 2 KB of JSON) are kept compressed, so each `scores #>> path` would
 * decompress them again: `jsonb_to_record` reads every figure asked for in one pass per respondent
 * (11 figures of 2,000 respondents: about 110 ms in PostgreSQL one path at a time; see bench/README).
 */
export async function surveyFigures<K extends FigureKey>(
  db: DbOrTx,
  surveyId: number,
  keys: readonly K[],
  labelIds: readonly number[] = [],
): Promise<RespondentFigures<K>[]> {
  const labelled =
    labelIds.length === 0
      ? sql``
      : sql`AND EXISTS (
          SELECT 1 FROM organization_labels ol
          WHERE ol.organization_id = s.organization_id
            AND ol.label_id IN (${sql.join(
              labelIds.map((id) => sql`${id}`),
              sql`, `,
            )})
        )`;
  // the record's columns: each top-level field once, a number (float8) or an object (jsonb)
  const fields = new Map<string, 'float8' | 'jsonb'>();
  for (const key of keys) {
    const { field, path } = SOURCES[key];
    fields.set(field, path === null ? 'float8' : 'jsonb');
  }
  const columns = sql.join(
    [...fields].map(([field, type]) => sql`${sql.identifier(field)} ${sql.raw(type)}`),
    sql`, `,
  );
  const selected: SQL[] = keys.map((key, i) => {
    const { field, path } = SOURCES[key];
    const column = sql`x.${sql.identifier(field)}`;
    const value = path === null ? column : sql`(${column} #>> ${path}::text[])::float8`;
    return sql`${value} AS ${sql.identifier(`v${i}`)}`;
  });
  const result = (await db.execute(sql`
    SELECT latest.organization_id, o.name AS organization_name, ${sql.join(selected, sql`, `)}
    FROM (
      SELECT DISTINCT ON (s.organization_id) s.organization_id, s.id
      FROM submissions s
      JOIN survey_invitations i
        ON i.survey_id = s.survey_id AND i.organization_id = s.organization_id AND i.status = 'submitted'
      WHERE s.survey_id = ${surveyId} AND s.scores IS NOT NULL ${labelled}
      ORDER BY s.organization_id, s.submitted_at DESC, s.id DESC
    ) latest
    JOIN submissions chosen ON chosen.id = latest.id
    CROSS JOIN LATERAL jsonb_to_record(chosen.scores) AS x(${columns})
    JOIN organizations o ON o.id = latest.organization_id
    ORDER BY o.name, latest.organization_id
  `)) as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => {
    const values = {} as Record<K, number | null>;
    keys.forEach((key, i) => {
      const v = row[`v${i}`];
      const n = typeof v === 'string' ? Number(v) : v;
      values[key] = typeof n === 'number' && Number.isFinite(n) ? n : null;
    });
    return {
      organization_id: Number(row.organization_id),
      organization_name: String(row.organization_name),
      values,
    };
  });
}

import type { TEvennessKey, TLpiKey } from '@parity/domain/analytics';
import type { TProfileScores } from '@parity/domain/scoring/profile';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/people';
import { submissions } from '../../db/schema/reporting';
import { labels, surveys } from '../../db/schema/surveys';

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
 * survey's response, or 'any' (whichever it submitted last, its profile or a survey response).
 */
export async function latestSubmission(
  db: DbOrTx,
  organizationId: number,
  surveyId: number | null | 'any',
): Promise<StoredSubmission | undefined> {
  const [row] = await db
    .select(columns)
    .from(submissions)
    .where(
      surveyId === 'any'
        ? and(eq(submissions.organization_id, organizationId), isNotNull(submissions.scores))
        : scopeOf(organizationId, surveyId),
    )
    .orderBy(desc(submissions.submitted_at), desc(submissions.id))
    .limit(1);
  return row as StoredSubmission | undefined;
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

export async function findOrganization(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({
      id: organizations.id,
      is_public: organizations.is_public,
      publish_scores: organizations.publish_scores,
      deleted_at: organizations.deleted_at,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

export async function findSurvey(db: DbOrTx, surveyId: number) {
  const [row] = await db
    .select({ id: surveys.id, hostId: surveys.organization_id })
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), isNull(surveys.deleted_at)));
  return row;
}

/** Where each flat figure sits in the stored scores (jsonb path). */
const LPI_PATHS: Record<TLpiKey, string> = {
  lpi: '{lpi}',
  lpi_prime: '{lpi_prime}',
  lpi_prime_gender: '{lpi_prime_gender}',
  lpi_prime_racial: '{lpi_prime_racial}',
  lpi_ownership: '{lpi_ownership}',
  lpi_ownership_gender: '{lpi_ownership_gender}',
  lpi_ownership_racial: '{lpi_ownership_racial}',
  staff_score: '{staff_score}',
  leadership_score: '{leadership_score}',
  ownership_score: '{ownership_score}',
  transparency: '{transparency,transparency}',
};
const EVENNESS_PATHS: Record<TEvennessKey, string> = {
  prime_gender: '{evenness,prime,gender,value}',
  prime_racial: '{evenness,prime,racial,value}',
  prime_combined: '{evenness,prime,combined,value}',
  ownership_gender: '{evenness,ownership,gender,value}',
  ownership_racial: '{evenness,ownership,racial,value}',
  ownership_combined: '{evenness,ownership,combined,value}',
};

export type FigureKey = TLpiKey | TEvennessKey;
const pathOf = (key: FigureKey): string =>
  key in LPI_PATHS ? LPI_PATHS[key as TLpiKey] : EVENNESS_PATHS[key as TEvennessKey];

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
 * carrying any of those labels (LABEL_MATCH 'any', as the participants list). One query; only the numbers leave the
 * database, never a snapshot.
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
  const selected: SQL[] = keys.map(
    (key, i) => sql`(s.scores #>> ${pathOf(key)}::text[])::float8 AS ${sql.identifier(`v${i}`)}`,
  );
  const result = (await db.execute(sql`
    SELECT latest.organization_id, o.name AS organization_name, ${sql.join(
      keys.map((_, i) => sql.identifier(`v${i}`)),
      sql`, `,
    )}
    FROM (
      SELECT DISTINCT ON (s.organization_id) s.organization_id, ${sql.join(selected, sql`, `)}
      FROM submissions s
      JOIN survey_invitations i
        ON i.survey_id = s.survey_id AND i.organization_id = s.organization_id AND i.status = 'submitted'
      WHERE s.survey_id = ${surveyId} AND s.scores IS NOT NULL ${labelled}
      ORDER BY s.organization_id, s.submitted_at DESC, s.id DESC
    ) latest
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

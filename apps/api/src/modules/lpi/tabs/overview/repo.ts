import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../../db/client';
import { personName } from '../../../../db/person-name';
import { globalIndustries, globalIndustryTypes } from '../../../../db/schema/dictionaries';
import { memberships, organizations } from '../../../../db/schema/people';
import {
  addresses,
  formFields,
  formValues,
  miscellaneousQuestions,
  submissions,
  surveyOrganizationMeta,
} from '../../../../db/schema/reporting';
import { inScope } from '../../engine/scope';

/** A scope as the repositories need it. */
export interface Scope {
  organizationId: number;
  surveyId: number | null;
}

// --- overview ------------------------------------------------------------------------------------

const metaColumns = {
  name: true,
  about: true,
  website: true,
  color_id: true,
  legal_structure_id: true,
  inception_date: true,
  is_publicly_traded: true,
  ticker_symbol: true,
  is_public: true,
  primary_phone: true,
  primary_contact_id: true,
  total_full_time_employees: true,
  total_owners: true,
  total_leaders: true,
  identifiers: true,
} as const;

export type MetaRow = Pick<typeof organizations.$inferSelect, keyof typeof metaColumns>;

/**
 * The overview row of a scope: the organizations row, or the survey's copy (undefined if none yet),
 * with the primary contact's name.
 */
export async function findMeta(
  db: DbOrTx,
  scope: Scope,
): Promise<(MetaRow & { primary_contact_name: string | null }) | undefined> {
  if (scope.surveyId === null) {
    const [row] = await db
      .select({ ...pick(organizations), primary_contact_name: personName(organizations.primary_contact_id) })
      .from(organizations)
      .where(eq(organizations.id, scope.organizationId));
    return row;
  }
  const [row] = await db
    .select({
      ...pick(surveyOrganizationMeta),
      primary_contact_name: personName(surveyOrganizationMeta.primary_contact_id),
    })
    .from(surveyOrganizationMeta)
    .where(
      and(
        eq(surveyOrganizationMeta.organization_id, scope.organizationId),
        eq(surveyOrganizationMeta.survey_id, scope.surveyId),
      ),
    );
  return row;
}

function pick(table: typeof organizations | typeof surveyOrganizationMeta) {
  return Object.fromEntries(
    Object.keys(metaColumns).map((k) => [k, table[k as keyof typeof metaColumns]]),
  ) as {
    [K in keyof typeof metaColumns]: (typeof organizations)[K];
  };
}

export async function findOrganizationName(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? '';
}

export type MetaUpdate = Partial<Omit<MetaRow, 'name' | 'about' | 'color_id' | 'is_public'>>;

export async function updateMeta(tx: Tx, scope: Scope, values: MetaUpdate) {
  if (scope.surveyId === null) {
    await tx
      .update(organizations)
      .set({ ...values, updated_at: new Date() })
      .where(eq(organizations.id, scope.organizationId));
    return;
  }
  const updated = await tx
    .update(surveyOrganizationMeta)
    .set({ ...values, updated_at: new Date() })
    .where(
      and(
        eq(surveyOrganizationMeta.organization_id, scope.organizationId),
        eq(surveyOrganizationMeta.survey_id, scope.surveyId),
      ),
    )
    .returning({ id: surveyOrganizationMeta.organization_id });
  if (!updated.length) {
    await copyMetaToSurvey(tx, scope.organizationId, scope.surveyId);
    await updateMeta(tx, scope, values);
  }
}

/** The survey's copy of the overview: the organization's row and its addresses. */
export async function copyMetaToSurvey(tx: Tx, organizationId: number, surveyId: number) {
  await tx.execute(sql`
    INSERT INTO survey_organization_meta (organization_id, survey_id, name, about, website, color_id,
      legal_structure_id, inception_date, is_publicly_traded, ticker_symbol, is_public, primary_phone,
      primary_contact_id, total_full_time_employees, total_owners, total_leaders, identifiers)
    SELECT id, ${surveyId}, name, about, website, color_id, legal_structure_id, inception_date,
      is_publicly_traded, ticker_symbol, is_public, primary_phone, primary_contact_id,
      total_full_time_employees, total_owners, total_leaders, identifiers
    FROM organizations WHERE id = ${organizationId}
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO addresses (organization_id, survey_id, address, place_id, details, is_primary)
    SELECT organization_id, ${surveyId}, address, place_id, details, is_primary
    FROM addresses WHERE organization_id = ${organizationId} AND survey_id IS NULL
    ORDER BY id`);
}

export async function listAddresses(db: DbOrTx, scope: Scope) {
  return db
    .select({
      id: addresses.id,
      address: addresses.address,
      place_id: addresses.place_id,
      details: addresses.details,
      is_primary: addresses.is_primary,
    })
    .from(addresses)
    .where(inScope(addresses, scope))
    .orderBy(desc(addresses.is_primary), asc(addresses.id));
}

export async function findAddressInScope(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(inScope(addresses, scope), eq(addresses.id, id)));
  return row;
}

/** Makes one address primary (the others not). */
export async function setPrimaryAddress(tx: Tx, scope: Scope, id: number) {
  await tx
    .update(addresses)
    .set({ is_primary: sql`${addresses.id} = ${id}`, updated_at: new Date() })
    .where(inScope(addresses, scope));
}

/** Adds a found address as the primary one; the existing ones become non-primary. */
export async function addPrimaryAddress(
  tx: Tx,
  scope: Scope,
  found: { place_id: string; description: string; details: unknown },
) {
  await tx
    .update(addresses)
    .set({ is_primary: false, updated_at: new Date() })
    .where(inScope(addresses, scope));
  await tx.insert(addresses).values({
    organization_id: scope.organizationId,
    survey_id: scope.surveyId,
    address: found.description,
    place_id: found.place_id,
    details: found.details,
    is_primary: true,
  });
}

/** Whether a user is an approved member of the organization. */
export async function isApprovedMember(db: DbOrTx, organizationId: number, userId: number) {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.organization_id, organizationId),
        eq(memberships.user_id, userId),
        eq(memberships.status, 'approved'),
      ),
    );
  return Boolean(row);
}

/** The scores of the latest submission in the scope (lpi, evenness), when any. */
export async function latestScores(db: DbOrTx, scope: Scope) {
  const [row] = await db
    .select({ scores: submissions.scores })
    .from(submissions)
    .where(inScope(submissions, scope))
    .orderBy(desc(submissions.submitted_at))
    .limit(1);
  return (row?.scores ?? null) as Record<string, unknown> | null;
}

/** Per tab key: whether the scope holds any data of it. */
export async function tabsWithData(db: DbOrTx, scope: Scope): Promise<Record<string, boolean>> {
  const survey = scope.surveyId === null ? sql`survey_id IS NULL` : sql`survey_id = ${scope.surveyId}`;
  const org = scope.organizationId;
  const grid = (name: string) =>
    sql`EXISTS (SELECT 1 FROM grid_cells WHERE organization_id = ${org} AND ${survey} AND grid = ${name})`;
  const result = await db.execute(sql`SELECT
    ${grid('staff')} AS staff,
    ${grid('us_staff')} AS us_staff,
    ${grid('historical')} AS insights,
    ${grid('investment')} AS investment,
    ${grid('us_investment')} AS us_investment,
    ${grid('committee')} AS committee,
    ${grid('us_committee')} AS us_committee,
    EXISTS (SELECT 1 FROM individuals WHERE organization_id = ${org} AND ${survey}) AS ownership,
    EXISTS (SELECT 1 FROM board_members WHERE organization_id = ${org} AND ${survey}) AS board,
    EXISTS (SELECT 1 FROM organization_policies WHERE organization_id = ${org} AND ${survey}) AS policies,
    EXISTS (SELECT 1 FROM form_values WHERE organization_id = ${org} AND ${survey} AND form_id = 8) AS practices,
    (EXISTS (SELECT 1 FROM form_values WHERE organization_id = ${org} AND ${survey} AND form_id = 10)
      OR EXISTS (SELECT 1 FROM miscellaneous_questions WHERE organization_id = ${org} AND ${survey}))
      AS miscellaneous`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === true || v === 't']));
}

/**
 * The identifier keys whose id is not an industry of that type, or does not hang under the chosen
 * parent (sector > industry > sub-industry).
 */
export async function invalidIdentifiers(db: DbOrTx, identifiers: Record<string, number | null | undefined>) {
  const chosen = Object.entries(identifiers).filter((e): e is [string, number] => typeof e[1] === 'number');
  if (!chosen.length) return [];
  const rows = await db
    .select({ id: globalIndustries.id, parent_id: globalIndustries.parent_id, key: globalIndustryTypes.key })
    .from(globalIndustries)
    .innerJoin(globalIndustryTypes, eq(globalIndustryTypes.id, globalIndustries.type_id))
    .where(
      inArray(
        globalIndustries.id,
        chosen.map(([, id]) => id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parentKey: Record<string, string> = {
    gi_industry_id: 'gi_sector_id',
    gi_sub_industry_id: 'gi_industry_id',
  };
  return chosen
    .filter(([key, id]) => {
      const row = byId.get(id);
      if (!row || row.key !== key) return true;
      const parent = parentKey[key] ? identifiers[parentKey[key]] : null;
      return typeof parent === 'number' && row.parent_id !== parent;
    })
    .map(([key]) => key);
}

// --- forms ---------------------------------------------------------------------------------------

export async function listFormFields(db: DbOrTx, formId: number) {
  return db
    .select()
    .from(formFields)
    .where(eq(formFields.form_id, formId))
    .orderBy(asc(formFields.section_order), asc(formFields.order), asc(formFields.id));
}

export async function listFormValues(db: DbOrTx, scope: Scope, formId: number) {
  return db
    .select({ field_id: formValues.field_id, value: formValues.value })
    .from(formValues)
    .where(and(inScope(formValues, scope), eq(formValues.form_id, formId)));
}

/** Replaces the answers of the given fields (a null value clears the answer). */
export async function writeFormValues(
  tx: Tx,
  scope: Scope,
  formId: number,
  values: { field_id: number; value: unknown }[],
) {
  if (!values.length) return;
  await tx.delete(formValues).where(
    and(
      inScope(formValues, scope),
      eq(formValues.form_id, formId),
      inArray(
        formValues.field_id,
        values.map((v) => v.field_id),
      ),
    ),
  );
  const rows = values
    .filter((v) => v.value !== null && v.value !== undefined && v.value !== '')
    .map((v) => ({
      organization_id: scope.organizationId,
      survey_id: scope.surveyId,
      form_id: formId,
      field_id: v.field_id,
      value: v.value,
    }));
  if (rows.length) await tx.insert(formValues).values(rows);
}

export async function copyFormToSurvey(tx: Tx, organizationId: number, surveyId: number, formId: number) {
  await tx.execute(sql`
    INSERT INTO form_values (organization_id, survey_id, form_id, field_id, value)
    SELECT organization_id, ${surveyId}, form_id, field_id, value
    FROM form_values WHERE organization_id = ${organizationId} AND survey_id IS NULL AND form_id = ${formId}
    ON CONFLICT DO NOTHING`);
}

// --- custom questions ----------------------------------------------------------------------------

export async function listQuestions(db: DbOrTx, scope: Scope, formId: number) {
  return db
    .select({
      id: miscellaneousQuestions.id,
      question_type_id: miscellaneousQuestions.question_type_id,
      display: miscellaneousQuestions.display,
      config: miscellaneousQuestions.config,
      value: miscellaneousQuestions.value,
    })
    .from(miscellaneousQuestions)
    .where(and(inScope(miscellaneousQuestions, scope), eq(miscellaneousQuestions.form_id, formId)))
    .orderBy(asc(miscellaneousQuestions.id));
}

export async function findQuestion(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: miscellaneousQuestions.id,
      organization_id: miscellaneousQuestions.organization_id,
      survey_id: miscellaneousQuestions.survey_id,
      form_id: miscellaneousQuestions.form_id,
    })
    .from(miscellaneousQuestions)
    .where(eq(miscellaneousQuestions.id, id));
  return row;
}

export async function questionIdsInScope(db: DbOrTx, scope: Scope, formId: number, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: miscellaneousQuestions.id })
    .from(miscellaneousQuestions)
    .where(
      and(
        inScope(miscellaneousQuestions, scope),
        eq(miscellaneousQuestions.form_id, formId),
        inArray(miscellaneousQuestions.id, ids),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export interface QuestionWrite {
  id?: number | undefined;
  question_type_id: number;
  display: string;
  config: unknown;
  value: unknown;
}

export async function writeQuestions(
  tx: Tx,
  scope: Scope,
  formId: number,
  questions: QuestionWrite[],
  userId: number,
) {
  for (const q of questions) {
    const values = {
      question_type_id: q.question_type_id,
      display: q.display,
      config: q.config,
      value: q.value ?? null,
    };
    if (q.id) {
      await tx
        .update(miscellaneousQuestions)
        .set({ ...values, updated_at: new Date() })
        .where(and(inScope(miscellaneousQuestions, scope), eq(miscellaneousQuestions.id, q.id)));
    } else {
      await tx.insert(miscellaneousQuestions).values({
        ...values,
        organization_id: scope.organizationId,
        survey_id: scope.surveyId,
        form_id: formId,
        created_by: userId,
      });
    }
  }
}

export async function deleteQuestion(tx: Tx, id: number) {
  await tx.delete(miscellaneousQuestions).where(eq(miscellaneousQuestions.id, id));
}

export async function copyQuestionsToSurvey(
  tx: Tx,
  organizationId: number,
  surveyId: number,
  formId: number,
) {
  await tx.execute(sql`
    INSERT INTO miscellaneous_questions (organization_id, survey_id, form_id, question_type_id, display,
      section, config, value, created_by)
    SELECT organization_id, ${surveyId}, form_id, question_type_id, display, section, config, value, created_by
    FROM miscellaneous_questions
    WHERE organization_id = ${organizationId} AND survey_id IS NULL AND form_id = ${formId}
    ORDER BY id`);
}

// --- transparency --------------------------------------------------------------------------------

/** The counts transparency needs, gathered in one query. */
export async function transparencyCounts(db: DbOrTx, scope: Scope) {
  const survey = scope.surveyId === null ? sql`survey_id IS NULL` : sql`survey_id = ${scope.surveyId}`;
  const org = scope.organizationId;
  const people = (flag: 'owner' | 'leader') => sql`(
    SELECT json_build_object(
      'people', COUNT(*),
      'fields', COALESCE(SUM(
        (CASE WHEN i.gender_id IS NOT NULL AND COALESCE(g.category_id, 0) <> 4 THEN 1 ELSE 0 END) +
        (CASE WHEN i.ethnicity_id IS NOT NULL AND COALESCE(e.is_undisclosed, 0) = 0 THEN 1 ELSE 0 END)), 0))
    FROM individuals i
    LEFT JOIN genders g ON g.id = i.gender_id
    LEFT JOIN ethnicities e ON e.id = i.ethnicity_id
    WHERE i.organization_id = ${org} AND i.${survey}
      AND ${flag === 'owner' ? sql`i.is_owner` : sql`i.is_senior_management`} = true)`;
  const result = await db.execute(sql`SELECT
    (SELECT json_build_object(
      'total', COALESCE(SUM(c.value), 0),
      'disclosed', COALESCE(SUM(CASE WHEN COALESCE(e.is_undisclosed, 0) = 0 AND COALESCE(g.category_id, 0) <> 4
        THEN c.value ELSE 0 END), 0))
      FROM grid_cells c
      LEFT JOIN genders g ON g.id = c.gender_id
      LEFT JOIN ethnicities e ON e.id = c.ethnicity_id
      WHERE c.organization_id = ${org} AND c.grid = 'staff' AND c.${survey}) AS staff,
    ${people('leader')} AS leadership,
    ${people('owner')} AS ownership`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
  const n = (v: unknown) => Number(v ?? 0) || 0;
  const staff = parse(row.staff);
  const leadership = parse(row.leadership);
  const ownership = parse(row.ownership);
  return {
    staff: { total: n(staff.total), disclosed: n(staff.disclosed) },
    leadership: { people: n(leadership.people), fields: n(leadership.fields) },
    ownership: { people: n(ownership.people), fields: n(ownership.fields) },
  };
}

import { CUSTOM_QUESTION_TYPES } from '@parity/domain/constants';
import { ZIdentifiers } from '@parity/domain/identifiers';
import {
  customAnswerError,
  formValueError,
  INVALID_FORM_MESSAGE,
  MISC_QUESTION_DELETED_MESSAGE,
  type TCustomQuestion,
  type TCustomQuestionConfig,
  type TForm,
  type TFormSection,
  type TFormValue,
  type TMiscellaneous,
  ZFormSave,
  ZMiscellaneousSave,
} from '@parity/domain/lpi/forms';
import {
  META_VALIDATION_MESSAGE,
  metaToValues,
  overviewErrors,
  type TOrganizationMeta,
  type TOverviewHealthcheck,
  ZOverviewSave,
} from '@parity/domain/lpi/overview';
import { FORM_IDS, type TTabKey } from '@parity/domain/lpi/tabs';
import { computeTransparency, type TTransparencyResponse } from '@parity/domain/lpi/transparency';
import { ZPlaceDetails } from '@parity/domain/places';
import { MESSAGES } from '@parity/domain/validation/rules';
import type { z } from 'zod';
import { type Db, type DbOrTx, queriesOf } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import { audit, changed } from '../audit/audit';
import { type ReportingScope, requireEdit, resolveScope } from '../reporting/scope';
import { readTab, readTabState, saveTab } from '../reporting/tabs';
import { disabledFieldIds } from '../survey-hosting/repo';
import * as repo from './repo';
import { sanitizeFormattedText } from './sanitize';

interface ReadQuery {
  organization_id?: number | undefined;
  survey_id?: number | undefined;
  report?: boolean | undefined;
}

const scopeOf = (db: DbOrTx, userId: number, q: ReadQuery) =>
  resolveScope(db, userId, { organizationId: q.organization_id, surveyId: q.survey_id, report: q.report });

/** Where a path-addressed save goes: /api/surveys/{surveyId}/... or /api/organizations/{organizationId}/... */
export type SaveTarget =
  | { kind: 'survey'; surveyId: number }
  | { kind: 'organization'; organizationId: number };

/**
 * The scope of a path-addressed save: the caller's own organization (another organization's id, or
 * a survey the caller's organization is not in, answers 404 before any right is checked), then the
 * LPI edit right.
 */
async function writeScopeFor(db: DbOrTx, userId: number, target: SaveTarget, bodySurveyId?: number | null) {
  const surveyId = target.kind === 'survey' ? target.surveyId : null;
  if (bodySurveyId != null && bodySurveyId !== surveyId) {
    throw badRequest('survey_id does not match the address of the call.');
  }
  const scope = await resolveScope(db, userId, { surveyId });
  if (target.kind === 'organization' && scope.organizationId !== target.organizationId) {
    throw notFound('Organization');
  }
  requireEdit(scope);
  return scope;
}

function issuesDetail(issues: readonly z.core.$ZodIssue[]) {
  return issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
}

// --- overview ------------------------------------------------------------------------------------

const bit = (b: boolean) => (b ? 1 : 0) as 0 | 1;

export async function readMeta(db: DbOrTx, scope: Pick<ReportingScope, 'organizationId' | 'surveyId'>) {
  const [row, addressRows, scores] = await queriesOf(db, [
    () => repo.findMeta(db, scope),
    () => repo.listAddresses(db, scope),
    () => repo.latestScores(db, scope),
  ]);
  const name = row?.name ?? (await repo.findOrganizationName(db, scope.organizationId));
  const identifiers = ZIdentifiers.safeParse(row?.identifiers ?? {});
  const ids = identifiers.success ? identifiers.data : {};
  const primary = addressRows.find((a) => a.is_primary) ?? null;
  const score = (key: string) => (typeof scores?.[key] === 'number' ? (scores[key] as number) : null);
  const meta: TOrganizationMeta = {
    id: scope.organizationId,
    survey_id: scope.surveyId,
    name,
    about: row?.about ?? null,
    inception_date: row?.inception_date ?? null,
    primary_phone: row?.primary_phone ?? null,
    primary_address_id: primary?.id ?? null,
    addresses: addressRows.map((a) => {
      const details = ZPlaceDetails.safeParse(a.details);
      return {
        id: a.id,
        address: a.address,
        place_id: a.place_id,
        details: details.success ? details.data : null,
        primary_address: bit(a.is_primary),
      };
    }),
    primary_contact_id: row?.primary_contact_id ?? null,
    color_id: row?.color_id ?? null,
    evenness: score('evenness'),
    lpi_score: score('lpi'),
    website: row?.website ?? null,
    is_publicly_traded: bit(row?.is_publicly_traded ?? false),
    legal_structure_id: row?.legal_structure_id ?? null,
    aum: ids.gi_aum ?? null,
    is_public: bit(row?.is_public ?? false),
    ticker_symbol: row?.ticker_symbol ?? null,
    total_full_time_employees: row?.total_full_time_employees ?? 0,
    total_owners: row?.total_owners ?? 0,
    total_leaders: row?.total_leaders ?? 0,
    identifiers: ids,
  };
  return meta;
}

export async function getMeta(db: Db, userId: number, query: ReadQuery) {
  const scope = await scopeOf(db, userId, query);
  return readTab<TOrganizationMeta>(db, scope, 'overview');
}

export async function saveMeta(db: Db, userId: number, body: unknown) {
  const parsed = ZOverviewSave.safeParse(body);
  if (!parsed.success) {
    throw new AppError(400, 'validation_failed', META_VALIDATION_MESSAGE, issuesDetail(parsed.error.issues));
  }
  const input = parsed.data;
  const scope = await resolveScope(db, userId, { surveyId: input.survey_id ?? null });
  requireEdit(scope);
  if (input.primary_contact_id != null) {
    const member = await repo.isApprovedMember(db, scope.organizationId, input.primary_contact_id);
    if (!member) {
      throw new AppError(400, 'validation_failed', META_VALIDATION_MESSAGE, [
        {
          field: 'primary_contact_id',
          message: 'Primary Contact must be an approved member of the organization',
        },
      ]);
    }
  }
  if (input.identifiers) {
    const invalid = await repo.invalidIdentifiers(db, input.identifiers);
    if (invalid.length) {
      throw new AppError(
        400,
        'validation_failed',
        META_VALIDATION_MESSAGE,
        invalid.map((key) => ({ field: `identifiers.${key}`, message: MESSAGES.tree_option })),
      );
    }
  }
  const state = await saveTab(db, scope, 'overview', input.updated_at, async (tx) => {
    const publiclyTraded = Boolean(input.is_publicly_traded) && input.legal_structure === 1;
    const values: repo.MetaUpdate = {
      legal_structure_id: input.legal_structure ?? null,
      inception_date: input.inception_date ?? null,
      primary_contact_id: input.primary_contact_id ?? null,
      is_publicly_traded: publiclyTraded,
      ticker_symbol: input.ticker_symbol?.trim() ? input.ticker_symbol.trim() : null,
      total_full_time_employees: input.total_full_time_employees ?? 0,
      total_leaders: input.total_leaders ?? 0,
      total_owners: input.total_owners ?? 0,
      ...(input.website !== undefined ? { website: input.website?.trim() || null } : {}),
      ...(input.primary_phone !== undefined ? { primary_phone: input.primary_phone?.trim() || null } : {}),
      ...(input.identifiers !== undefined ? { identifiers: input.identifiers } : {}),
    };
    if (scope.surveyId === null) {
      // The organization's own row changes: the audit log keeps what it was (a survey copy is not
      // organization data).
      const before = await repo.findMeta(tx, scope);
      const diff = changed((before ?? {}) as Record<string, unknown>, values as Record<string, unknown>);
      if (diff.any) {
        await audit(tx, {
          actorId: userId,
          organizationId: scope.organizationId,
          entity: 'organization',
          entityId: scope.organizationId,
          action: 'update',
          before: diff.before,
          after: diff.after,
        });
      }
    }
    await repo.updateMeta(tx, scope, values);
    if (input.office_address_found) {
      await repo.addPrimaryAddress(tx, scope, input.office_address_found);
    } else if (input.office_address_id != null) {
      if (!(await repo.findAddressInScope(tx, scope, input.office_address_id))) throw notFound('Address');
      await repo.setPrimaryAddress(tx, scope, input.office_address_id);
    }
  });
  return { data: await readMeta(db, scope), state };
}

export async function healthcheck(db: Db, userId: number, surveyId: number | undefined) {
  const scope = await resolveScope(db, userId, { surveyId: surveyId ?? null });
  const meta = await readMeta(db, scope);
  const errors = overviewErrors(metaToValues(meta)) as Record<string, string>;
  const missing = Object.keys(errors);
  const tabs = await repo.tabsWithData(db, scope);
  const result: TOverviewHealthcheck = {
    complete: missing.length === 0,
    missing,
    errors,
    tabs: { overview: missing.length === 0, ...tabs },
  };
  return result;
}

// --- forms ---------------------------------------------------------------------------------------

const FORM_TABS: Record<number, TTabKey> = {
  [FORM_IDS.PRACTICES]: 'practices',
  [FORM_IDS.MISCELLANEOUS]: 'miscellaneous',
};
const FORM_NAMES: Record<number, string> = {
  [FORM_IDS.PRACTICES]: 'Practices',
  [FORM_IDS.MISCELLANEOUS]: 'Miscellaneous',
};

function tabOfForm(formId: number): TTabKey {
  const tab = FORM_TABS[formId];
  if (!tab) throw notFound('Form');
  return tab;
}

type FieldRow = Awaited<ReturnType<typeof repo.listFormFields>>[number];

const optionsOf = (field: FieldRow) =>
  Array.isArray(field.options) ? (field.options as { id: number | string; name: string }[]) : null;

export async function readForm(
  db: DbOrTx,
  scope: Pick<ReportingScope, 'organizationId' | 'surveyId'>,
  formId: number,
) {
  const [allFields, values, hidden] = await queriesOf(db, [
    () => repo.listFormFields(db, formId),
    () => repo.listFormValues(db, scope, formId),
    // A survey copy asks only the fields the survey's config keeps on.
    () =>
      scope.surveyId === null
        ? Promise.resolve(new Set<number>())
        : disabledFieldIds(db, scope.surveyId, formId),
  ]);
  const fields = allFields.filter((field) => !hidden.has(field.id));
  const answers = new Map(values.map((v) => [v.field_id, v.value]));
  const sections: TFormSection[] = [];
  for (const field of fields) {
    let section = sections.at(-1);
    if (!section || section.name !== field.section) {
      section = { name: field.section, inputs: [] };
      sections.push(section);
    }
    section.inputs.push({
      id: field.id,
      type: field.type as TForm['sections'][number]['inputs'][number]['type'],
      label: field.label,
      help: field.help,
      options: optionsOf(field),
      default_value: field.default_value ?? null,
      required: field.required,
      value: answers.get(field.id) ?? null,
    });
  }
  const form: TForm = { id: formId, name: FORM_NAMES[formId] ?? '', sections };
  return form;
}

export async function readMiscellaneous(
  db: DbOrTx,
  scope: Pick<ReportingScope, 'organizationId' | 'surveyId'>,
): Promise<TMiscellaneous> {
  const [form, questions] = await queriesOf(db, [
    () => readForm(db, scope, FORM_IDS.MISCELLANEOUS),
    () => repo.listQuestions(db, scope, FORM_IDS.MISCELLANEOUS),
  ]);
  return {
    form,
    questions: questions.map((q) => ({
      id: q.id,
      question_type_id: q.question_type_id as TCustomQuestion['question_type_id'],
      display: q.display,
      config: (q.config ?? {}) as TCustomQuestionConfig,
      value: q.value ?? null,
    })),
  };
}

export async function getForm(db: Db, userId: number, formId: number, query: ReadQuery) {
  const tab = tabOfForm(formId);
  const scope = await scopeOf(db, userId, query);
  if (tab === 'miscellaneous') {
    const { data, state } = await readTab<TMiscellaneous>(db, scope, tab);
    return { data: data.form, state };
  }
  return readTab<TForm>(db, scope, tab);
}

/** Checks answers against the form's fields: 400 'Invalid map or data' with each field's message. */
async function checkValues(db: DbOrTx, formId: number, data: TFormValue[]) {
  const fields = new Map((await repo.listFormFields(db, formId)).map((f) => [f.id, f]));
  const detail: { field: string; field_id: number; message: string }[] = [];
  const seen = new Set<number>();
  data.forEach((item, i) => {
    const field = fields.get(item.field_id);
    let message: string | null;
    if (!field) message = 'Field is not part of this form';
    else if (seen.has(item.field_id)) message = 'Field is sent twice';
    else
      message = formValueError(
        { type: field.type, options: optionsOf(field), required: field.required },
        item.value,
      );
    seen.add(item.field_id);
    if (message) detail.push({ field: `data.${i}.value`, field_id: item.field_id, message });
  });
  for (const [i, item] of data.entries()) {
    if (
      fields.get(item.field_id)?.type !== 'industries' ||
      !item.value ||
      detail.some((d) => d.field_id === item.field_id)
    )
      continue;
    const invalid = await repo.invalidIdentifiers(db, item.value as Record<string, number | null>);
    if (invalid.length)
      detail.push({ field: `data.${i}.value`, field_id: item.field_id, message: MESSAGES.tree_option });
  }
  if (detail.length) throw new AppError(400, 'invalid_form', INVALID_FORM_MESSAGE, detail);
}

function parseOrInvalid<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new AppError(400, 'invalid_form', INVALID_FORM_MESSAGE, issuesDetail(parsed.error.issues));
  }
  return parsed.data;
}

export async function saveForm(db: Db, userId: number, target: SaveTarget, formId: number, body: unknown) {
  const tab = tabOfForm(formId);
  const input = parseOrInvalid(ZFormSave, body);
  const scope = await writeScopeFor(db, userId, target, input.survey_id);
  await checkValues(db, formId, input.data);
  const state = await saveTab(db, scope, tab, input.updated_at, (tx) =>
    repo.writeFormValues(tx, scope, formId, input.data),
  );
  return { data: await readForm(db, scope, formId), state };
}

// --- miscellaneous questions ---------------------------------------------------------------------

function requireMiscellaneousForm(formId: number) {
  if (formId !== FORM_IDS.MISCELLANEOUS) throw notFound('Form');
}

export async function getMiscellaneous(db: Db, userId: number, formId: number, query: ReadQuery) {
  requireMiscellaneousForm(formId);
  const scope = await scopeOf(db, userId, query);
  return readTab<TMiscellaneous>(db, scope, 'miscellaneous');
}

export async function saveMiscellaneous(
  db: Db,
  userId: number,
  target: SaveTarget,
  formId: number,
  body: unknown,
) {
  requireMiscellaneousForm(formId);
  const input = parseOrInvalid(ZMiscellaneousSave, body);
  const scope = await writeScopeFor(db, userId, target, input.survey_id);
  await checkValues(db, formId, input.data);
  const questions = input.questions.map((q) => ({
    id: q.id,
    question_type_id: q.question_type_id,
    display: q.display,
    config: q.config ?? {},
    value:
      q.question_type_id === CUSTOM_QUESTION_TYPES.FORMATTED_TEXT && typeof q.value === 'string'
        ? sanitizeFormattedText(q.value)
        : (q.value ?? null),
  }));
  for (const q of questions) {
    const message = customAnswerError(q, q.value);
    if (message)
      throw new AppError(400, 'invalid_form', INVALID_FORM_MESSAGE, [{ field: 'questions', message }]);
  }
  const state = await saveTab(db, scope, 'miscellaneous', input.updated_at, async (tx) => {
    const ids = questions.flatMap((q) => (q.id ? [q.id] : []));
    const found = await repo.questionIdsInScope(tx, scope, formId, ids);
    if (ids.some((id) => !found.has(id))) throw notFound('Miscellaneous Question');
    await repo.writeQuestions(tx, scope, formId, questions, userId);
    await repo.writeFormValues(tx, scope, formId, input.data);
  });
  return { data: await readMiscellaneous(db, scope), state };
}

export async function deleteMiscellaneousQuestion(db: Db, userId: number, id: number) {
  const question = await repo.findQuestion(db, id);
  if (!question) throw notFound('Miscellaneous Question');
  const scope = await resolveScope(db, userId, { surveyId: question.survey_id });
  if (scope.organizationId !== question.organization_id) throw notFound('Miscellaneous Question');
  requireEdit(scope);
  const current = await readTabState(db, scope, 'miscellaneous');
  const state = await saveTab(db, scope, 'miscellaneous', current.updated_at, (tx) =>
    repo.deleteQuestion(tx, id),
  );
  return { message: MISC_QUESTION_DELETED_MESSAGE, state };
}

// --- transparency --------------------------------------------------------------------------------

export async function transparency(db: Db, userId: number, query: ReadQuery): Promise<TTransparencyResponse> {
  const scope = await scopeOf(db, userId, query);
  const [counts, meta] = await queriesOf(db, [
    () => repo.transparencyCounts(db, scope),
    () => repo.findMeta(db, scope),
  ]);
  const scores = computeTransparency({
    staff: {
      gridTotal: counts.staff.total,
      disclosed: counts.staff.disclosed,
      expected: meta?.total_full_time_employees ?? 0,
    },
    leadership: {
      people: counts.leadership.people,
      fieldsReported: counts.leadership.fields,
      expected: meta?.total_leaders ?? 0,
    },
    ownership: {
      people: counts.ownership.people,
      fieldsReported: counts.ownership.fields,
      expected: meta?.total_owners ?? 0,
    },
  });
  return { data: [scores], organization_id: scope.organizationId, survey_id: scope.surveyId };
}

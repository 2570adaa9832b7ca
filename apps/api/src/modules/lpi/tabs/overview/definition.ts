import { ZIdentifiers } from '@parity/domain/identifiers';
import type {
  TCustomQuestion,
  TCustomQuestionConfig,
  TForm,
  TFormSection,
  TMiscellaneous,
} from '@parity/domain/lpi/forms';
import type { TOrganizationMeta } from '@parity/domain/lpi/overview';
import { FORM_IDS } from '@parity/domain/lpi/tabs';
import { ZPlaceDetails } from '@parity/domain/places';
import { type DbOrTx, queriesOf } from '../../../../db/client';
import type { ReportingScope } from '../../engine/scope';
import { copySurveyQuestionsToRespondent, disabledFieldIds } from '../../engine/survey-config';
import type { TabDefinition } from '../../engine/tabs';
import { flattenJson } from '../../engine/versions';
import * as repo from './repo';

// The Overview, Practices and Miscellaneous tabs as the engine knows them: what a read
// answers (and a version stores), the readable diff, and the survey copy of the organization's data.

// --- reads ---------------------------------------------------------------------------------------

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
    primary_contact_name: row?.primary_contact_name ?? null,
    color_id: row?.color_id ?? null,
    evenness: combinedEvenness(scores),
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

/**
 * The organization's evenness as one number: the combined (gender and race) evenness of its
 * people, the set the public page shows as 'Evenness (people)'. Null until a submission has one.
 */
function combinedEvenness(scores: Record<string, unknown> | null): number | null {
  const evenness = scores?.evenness as { prime?: { combined?: { value?: unknown } } } | undefined;
  const value = evenness?.prime?.combined?.value;
  return typeof value === 'number' ? value : null;
}

const FORM_NAMES: Record<number, string> = {
  [FORM_IDS.PRACTICES]: 'Practices',
  [FORM_IDS.MISCELLANEOUS]: 'Miscellaneous',
};

type FieldRow = Awaited<ReturnType<typeof repo.listFormFields>>[number];

export const optionsOf = (field: FieldRow) =>
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

// --- definitions ---------------------------------------------------------------------------------

export const overviewTab: TabDefinition<TOrganizationMeta> = {
  tab: 'overview',
  read: (db, scope) => readMeta(db, scope),
  copyToSurvey: (tx, organizationId, surveyId) => repo.copyMetaToSurvey(tx, organizationId, surveyId),
  flatten: ({ addresses, primary_address_id: _primary, id: _id, survey_id: _survey, ...meta }) => {
    const out = flattenJson(meta);
    for (const a of addresses) out[`Address › ${a.address}`] = a.primary_address === 1 ? 'primary' : 'other';
    return out;
  },
};

/** 'Section › Label' -> answer, so a version's diff names the question. */
function flattenForm(form: TForm, out: Record<string, unknown> = {}) {
  for (const section of form.sections) {
    for (const input of section.inputs) out[`${section.name} › ${input.label}`] = input.value ?? null;
  }
  return out;
}

export const practicesTab: TabDefinition<TForm> = {
  tab: 'practices',
  read: (db, scope) => readForm(db, scope, FORM_IDS.PRACTICES),
  copyToSurvey: (tx, organizationId, surveyId) =>
    repo.copyFormToSurvey(tx, organizationId, surveyId, FORM_IDS.PRACTICES),
  flatten: (form) => flattenForm(form),
};

export const miscellaneousTab: TabDefinition<TMiscellaneous> = {
  tab: 'miscellaneous',
  read: (db, scope) => readMiscellaneous(db, scope),
  copyToSurvey: async (tx, organizationId, surveyId) => {
    await repo.copyFormToSurvey(tx, organizationId, surveyId, FORM_IDS.MISCELLANEOUS);
    await repo.copyQuestionsToSurvey(tx, organizationId, surveyId, FORM_IDS.MISCELLANEOUS);
    // The host's custom questions become the respondent's questions of this step (once, with the copy).
    await copySurveyQuestionsToRespondent(tx, organizationId, surveyId, FORM_IDS.MISCELLANEOUS);
  },
  flatten: ({ form, questions }) => {
    const out = flattenForm(form);
    for (const q of questions) out[`Custom question › ${q.display}`] = q.value ?? null;
    return out;
  },
};

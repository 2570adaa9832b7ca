import type { TForm, TMiscellaneous } from '@parity/domain/lpi/forms';
import type { TOrganizationMeta } from '@parity/domain/lpi/overview';
import { FORM_IDS } from '@parity/domain/lpi/tabs';
import { defineTab, flattenJson } from '../reporting/tabs';
import { copySurveyQuestionsToRespondent } from '../survey-hosting/repo';
import * as repo from './repo';
import { readForm, readMeta, readMiscellaneous } from './service';

// The Overview, Practices and Miscellaneous tabs as the reporting core knows them: what a read
// answers (and a version stores), the readable diff, and the survey copy of the organization's data.

defineTab<TOrganizationMeta>({
  tab: 'overview',
  read: (db, scope) => readMeta(db, scope),
  copyToSurvey: (tx, organizationId, surveyId) => repo.copyMetaToSurvey(tx, organizationId, surveyId),
  flatten: ({ addresses, primary_address_id: _primary, id: _id, survey_id: _survey, ...meta }) => {
    const out = flattenJson(meta);
    for (const a of addresses) out[`Address › ${a.address}`] = a.primary_address === 1 ? 'primary' : 'other';
    return out;
  },
});

/** 'Section › Label' -> answer, so a version's diff names the question. */
function flattenForm(form: TForm, out: Record<string, unknown> = {}) {
  for (const section of form.sections) {
    for (const input of section.inputs) out[`${section.name} › ${input.label}`] = input.value ?? null;
  }
  return out;
}

defineTab<TForm>({
  tab: 'practices',
  read: (db, scope) => readForm(db, scope, FORM_IDS.PRACTICES),
  copyToSurvey: (tx, organizationId, surveyId) =>
    repo.copyFormToSurvey(tx, organizationId, surveyId, FORM_IDS.PRACTICES),
  flatten: (form) => flattenForm(form),
});

defineTab<TMiscellaneous>({
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
});

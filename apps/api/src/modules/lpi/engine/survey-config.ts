import { stepsForConfig } from '@parity/domain/survey-request';
import { SURVEY_CLOSED_MESSAGE, surveyStepsOf } from '@parity/domain/surveys';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { AppError, notFound } from '../../../core/http/errors';
import type { DbOrTx, Tx } from '../../../db/client';
import { miscellaneousQuestions } from '../../../db/schema/reporting';
import { surveyContents, surveyQuestions, surveys } from '../../../db/schema/surveys';

// What a survey's host config asks of the LPI: the steps, the form fields it hides, its custom
// questions (copied to each respondent with the Miscellaneous step).

/** The survey a respondent takes, with what decides its steps and whether it is still open. */
async function findSurvey(db: DbOrTx, surveyId: number) {
  const [row] = await db
    .select({
      id: surveys.id,
      survey_type_id: surveys.survey_type_id,
      due: surveys.due,
      archived_at: surveys.archived_at,
      created_at: surveys.created_at,
    })
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), isNull(surveys.deleted_at)));
  return row;
}

/** The config's LPI tab rows of these surveys (none: the survey asks every step). */
function lpiTabContents(db: DbOrTx, surveyIds: number[]) {
  return db
    .select({
      survey_id: surveyContents.survey_id,
      content_ref_id: surveyContents.content_ref_id,
      enabled: surveyContents.enabled,
    })
    .from(surveyContents)
    .where(and(inArray(surveyContents.survey_id, surveyIds), eq(surveyContents.content_type, 'lpi_tab')));
}

/** A survey and the steps its host's config asks (survey-request.ts stepsForConfig); 404 if none. */
export async function surveySteps(db: DbOrTx, surveyId: number) {
  const survey = await findSurvey(db, surveyId);
  if (!survey) throw notFound('Survey');
  const config = await lpiTabContents(db, [surveyId]);
  return { survey, steps: stepsForConfig(surveyStepsOf(survey.survey_type_id), config) };
}

/** The steps of a survey a respondent changes: refused once it is archived or past its due date. */
export async function openSurveySteps(db: DbOrTx, surveyId: number) {
  const found = await surveySteps(db, surveyId);
  const today = new Date().toISOString().slice(0, 10);
  if (found.survey.archived_at || found.survey.due < today) {
    throw new AppError(403, 'survey_closed', SURVEY_CLOSED_MESSAGE);
  }
  return found;
}

/**
 * The host's custom questions become the respondent's Miscellaneous questions of this survey (once,
 * with the survey copy of that step).
 */
export async function copySurveyQuestionsToRespondent(
  tx: Tx,
  organizationId: number,
  surveyId: number,
  formId: number,
) {
  const questions = await tx
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.survey_id, surveyId))
    .orderBy(asc(surveyQuestions.weight), asc(surveyQuestions.id));
  if (!questions.length) return;
  await tx.insert(miscellaneousQuestions).values(
    questions.map((question) => ({
      organization_id: organizationId,
      survey_id: surveyId,
      form_id: formId,
      question_type_id: question.question_type_id,
      display: question.display,
      section: question.section,
      config: question.config ?? {},
      value: null,
    })),
  );
}

/**
 * The field ids of form 8 (Practices) or 10 (Miscellaneous) the survey's config turns off: hidden
 * from the survey's copies of those forms (tabs/overview/service.ts readForm).
 */
export async function disabledFieldIds(db: DbOrTx, surveyId: number, formId: number) {
  const contentType = formId === 8 ? 'practice' : 'miscellaneous';
  const rows = await db
    .select({ id: surveyContents.content_ref_id })
    .from(surveyContents)
    .where(
      and(
        eq(surveyContents.survey_id, surveyId),
        eq(surveyContents.content_type, contentType),
        eq(surveyContents.enabled, false),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

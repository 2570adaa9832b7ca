import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SURVEY_TYPE_ID,
  DUE_BEFORE_START_MESSAGE,
  INSIGHT_TYPES,
  QUESTION_TYPE_UNKNOWN_MESSAGE,
  QUESTION_TYPES,
  questionErrors,
  RECEIVE_TYPE_UNKNOWN_MESSAGE,
  RECEIVE_TYPES,
  SCORE_SURVEY_DISABLED_MESSAGE,
  START_IN_PAST_MESSAGE,
  SURVEY_REQUEST_TYPES,
  stepsForConfig,
  surveyDetailsErrors,
  ZEditSurveyOverview,
  ZGrantAdministratorAccess,
  ZHostedSurveysQuery,
  ZSurveyRequest,
} from './survey-request';
import { SURVEY_STEPS } from './surveys';

const TODAY = '2026-11-22';
const valid = {
  title: 'Survey',
  description: '',
  start: TODAY,
  due: '2026-12-31',
  primary_contact_id: 7,
  contact_email: 'host@northwind.test',
  support_email: 'support@northwind.test',
};

describe('request types', () => {
  it('offers score disabled, dei and deiplus; dei by default', () => {
    expect(SURVEY_REQUEST_TYPES.map((t) => [t.id, t.name, t.disabled])).toEqual([
      [1, 'Score', true],
      [2, 'DEI', false],
      [3, 'DEI+', false],
    ]);
    expect(DEFAULT_SURVEY_TYPE_ID).toBe(2);
  });
});

describe('receive and insight types (spec 3 constants lists)', () => {
  it('has receive type 1 under our product’s name', () => {
    expect(RECEIVE_TYPES.map((t) => [t.id, t.name])).toEqual([[1, 'View responses in Parity']]);
  });

  it('has the six insight types', () => {
    expect(INSIGHT_TYPES.map((t) => [t.id, t.name])).toEqual([
      [1, 'Total FTE Score'],
      [2, 'Wealth Score'],
      [3, 'Leadership Score'],
      [4, 'Ownership gender/race equity insights'],
      [5, 'MWBE'],
      [6, 'Historical'],
    ]);
  });
});

describe('survey details rules (spec 5)', () => {
  it('accepts valid details', () => {
    expect(surveyDetailsErrors(valid, { today: TODAY })).toEqual({});
  });

  it('requires every field with the labelled messages', () => {
    expect(
      surveyDetailsErrors(
        { title: ' ', start: '', due: '', primary_contact_id: null, contact_email: '', support_email: '' },
        { today: TODAY },
      ),
    ).toEqual({
      title: 'Title is required',
      start: 'Start Date is required',
      due: 'Due Date is required',
      primary_contact_id: 'Primary Contact is required',
      contact_email: 'Contact Email is required',
      support_email: 'Support Email is required',
    });
  });

  it('wants a start today or later, unless an edit keeps its past start', () => {
    expect(surveyDetailsErrors({ ...valid, start: '2026-11-21' }, { today: TODAY }).start).toBe(
      START_IN_PAST_MESSAGE,
    );
    expect(
      surveyDetailsErrors({ ...valid, start: '2026-09-01' }, { today: TODAY, originalStart: '2026-09-01' }),
    ).toEqual({});
    expect(
      surveyDetailsErrors({ ...valid, start: '2026-09-02' }, { today: TODAY, originalStart: '2026-09-01' })
        .start,
    ).toBe(START_IN_PAST_MESSAGE);
  });

  it('wants a due date on or after the start', () => {
    expect(surveyDetailsErrors({ ...valid, due: '2026-11-21' }, { today: '2026-01-01' }).due).toBe(
      DUE_BEFORE_START_MESSAGE,
    );
    expect(surveyDetailsErrors({ ...valid, due: TODAY }, { today: TODAY }).due).toBeUndefined();
  });

  it('refuses dates that do not exist', () => {
    expect(surveyDetailsErrors({ ...valid, start: '2026-02-30' }, { today: TODAY }).start).toBe(
      'Start Date must be a date',
    );
    expect(surveyDetailsErrors({ ...valid, due: 'soon' }, { today: TODAY }).due).toBe(
      'Due Date must be a date',
    );
  });

  it('wants valid emails', () => {
    const errors = surveyDetailsErrors(
      { ...valid, contact_email: 'x', support_email: 'a@' },
      { today: TODAY },
    );
    expect(errors).toEqual({
      contact_email: 'Contact Email must be a valid email address',
      support_email: 'Support Email must be a valid email address',
    });
  });

  it('limits the title and description', () => {
    const errors = surveyDetailsErrors(
      { ...valid, title: 'x'.repeat(256), description: 'y'.repeat(5001) },
      { today: TODAY },
    );
    expect(errors.title).toBe('Title must be maximum 255 characters long');
    expect(errors.description).toBe('Description must be maximum 5000 characters long');
  });
});

describe('custom questions', () => {
  it('has the five types of spec 3', () => {
    expect(QUESTION_TYPES.map((t) => t.id)).toEqual([1, 13, 4, 5, 14]);
  });

  it('requires a known type, the question text and options for selects', () => {
    expect(questionErrors({ question_type_id: 2, display: 'Q' })).toEqual({
      question_type_id: QUESTION_TYPE_UNKNOWN_MESSAGE,
    });
    expect(questionErrors({ question_type_id: 1, display: ' ' })).toEqual({
      display: 'Question is required',
    });
    expect(questionErrors({ question_type_id: 4, display: 'Q', config: { options: [''] } })).toEqual({
      options: 'Options must include at least 1 option(s)',
    });
    expect(questionErrors({ question_type_id: 5, display: 'Q', config: { options: ['A'] } })).toEqual({});
    expect(questionErrors({ question_type_id: 13, display: 'Q' })).toEqual({});
  });
});

describe('ZSurveyRequest', () => {
  const body = {
    organization_id: 3,
    survey_type_id: 2,
    ...valid,
    start: '2099-01-01',
    due: '2099-02-01',
    contents: [{ content_type: 'lpi_tab', content_ref_id: 6, enabled: false }],
    questions: [{ question_type_id: 4, display: 'Pick', config: { options: ['A', 'B'] } }],
  };
  const messages = (input: unknown) => {
    const parsed = ZSurveyRequest.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it('accepts a full request; contents and questions default to empty', () => {
    expect(messages(body)).toEqual([]);
    const { contents: _c, questions: _q, ...bare } = body;
    expect(ZSurveyRequest.parse(bare)).toMatchObject({ contents: [], questions: [] });
  });

  it('refuses the score type and unknown types', () => {
    expect(messages({ ...body, survey_type_id: 1 })).toEqual([SCORE_SURVEY_DISABLED_MESSAGE]);
    expect(messages({ ...body, survey_type_id: 4 })).toEqual(['Survey type must be DEI (2) or DEI+ (3).']);
  });

  it('refuses unknown LPI tabs, twice-listed content and unknown keys', () => {
    expect(
      messages({ ...body, contents: [{ content_type: 'lpi_tab', content_ref_id: 9, enabled: true }] }),
    ).toEqual(['Unknown LPI tab id 9.']);
    const twice = { content_type: 'practice', content_ref_id: 802, enabled: true };
    expect(messages({ ...body, contents: [twice, twice] })).toEqual([
      'Content practice:802 is listed twice.',
    ]);
    expect(messages({ ...body, extra: 1 }).length).toBe(1);
  });

  it('applies the details rules but the start-today rule (the service knows today)', () => {
    expect(messages({ ...body, start: '2000-01-01', due: '2000-02-01' })).toEqual([]);
    expect(messages({ ...body, due: '2098-01-01' })).toEqual([DUE_BEFORE_START_MESSAGE]);
    expect(messages({ ...body, title: '' })).toEqual(['Title is required']);
  });

  it('reads the receive type (1 by default) and the requested insights (none by default)', () => {
    expect(ZSurveyRequest.parse(body)).toMatchObject({ receive_type_id: 1, insight_type_ids: [] });
    expect(ZSurveyRequest.parse({ ...body, receive_type_id: 1, insight_type_ids: [5, 1] })).toMatchObject({
      receive_type_id: 1,
      insight_type_ids: [5, 1],
    });
    expect(messages({ ...body, receive_type_id: 2 })).toEqual([RECEIVE_TYPE_UNKNOWN_MESSAGE]);
    expect(messages({ ...body, insight_type_ids: [1, 7] })).toEqual([
      'Unknown insight type id 7: insight types are 1, 2, 3, 4, 5, 6.',
    ]);
    expect(messages({ ...body, insight_type_ids: [2, 2] })).toEqual(['Insight type 2 is listed twice.']);
  });

  it('refuses selects without options', () => {
    expect(messages({ ...body, questions: [{ question_type_id: 5, display: 'Pick' }] })).toEqual([
      'Options must include at least 1 option(s)',
    ]);
  });
});

describe('edit and grant bodies', () => {
  it('reads the details of an edit', () => {
    expect(ZEditSurveyOverview.safeParse(valid).success).toBe(true);
    expect(ZEditSurveyOverview.safeParse({ ...valid, organization_id: 1 }).success).toBe(false);
    expect(ZEditSurveyOverview.parse({ ...valid, insight_type_ids: [3] }).insight_type_ids).toEqual([3]);
    expect(ZEditSurveyOverview.parse(valid).insight_type_ids).toBeUndefined();
    expect(ZEditSurveyOverview.safeParse({ ...valid, insight_type_ids: [0] }).success).toBe(false);
    expect(ZGrantAdministratorAccess.safeParse({ user_id: 4 }).success).toBe(true);
    expect(ZGrantAdministratorAccess.safeParse({ user_id: 0 }).success).toBe(false);
  });

  it('reads the hosting list query', () => {
    expect(ZHostedSurveysQuery.safeParse({ filter: 'Past due' }).success).toBe(true);
    expect(ZHostedSurveysQuery.safeParse({ filter: 'scheduled' }).success).toBe(true);
    expect(ZHostedSurveysQuery.safeParse({ filter: '2026', scope: 'accessing' }).success).toBe(true);
    expect(ZHostedSurveysQuery.safeParse({ filter: 'Submitted' }).success).toBe(false);
  });
});

describe('statuses and steps', () => {
  it('keeps every step without LPI config rows, else overview, submit and the enabled tabs, renumbered', () => {
    expect(stepsForConfig(SURVEY_STEPS, [])).toEqual(SURVEY_STEPS);
    const steps = stepsForConfig(SURVEY_STEPS, [
      { content_ref_id: 6, enabled: false },
      { content_ref_id: 2, enabled: true },
      { content_ref_id: 1, enabled: false },
    ]);
    expect(steps.map((s) => [s.id, s.weight])).toEqual([
      [1, 1],
      [2, 2],
      [12, 3],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_REQUIRED_MESSAGE,
  FEEDBACK_VALUES,
  feedbackBand,
  ZFeedbackForm,
  ZFeedbackRequest,
} from './feedback';

const url = 'https://parity.example/surveys';

describe('feedback rating (spec 5 and 9)', () => {
  it('has the ten values 1 to 10 in five colour bands', () => {
    expect(FEEDBACK_VALUES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(FEEDBACK_VALUES.map(feedbackBand)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it('accepts a rating with or without a comment', () => {
    expect(ZFeedbackRequest.safeParse({ url, value: 8, comment: 'Nice' }).success).toBe(true);
    expect(ZFeedbackRequest.safeParse({ url, value: 1, comment: null }).success).toBe(true);
    expect(ZFeedbackRequest.safeParse({ url, value: 10 }).success).toBe(true);
  });

  it("refuses a missing rating with 'Thumbs is a required field'", () => {
    const result = ZFeedbackRequest.safeParse({ url, comment: 'x' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['value', FEEDBACK_REQUIRED_MESSAGE],
    ]);
    expect(ZFeedbackForm.safeParse({ feedback: null, comment: null }).error?.issues[0]?.message).toBe(
      FEEDBACK_REQUIRED_MESSAGE,
    );
  });

  it('refuses ratings outside 1-10, long comments and bad addresses', () => {
    expect(ZFeedbackRequest.safeParse({ url, value: 0 }).success).toBe(false);
    expect(ZFeedbackRequest.safeParse({ url, value: 11 }).success).toBe(false);
    expect(ZFeedbackRequest.safeParse({ url, value: 2.5 }).success).toBe(false);
    expect(ZFeedbackRequest.safeParse({ url, value: 5, comment: 'x'.repeat(5001) }).success).toBe(false);
    expect(ZFeedbackRequest.safeParse({ url: 'not a url', value: 5 }).success).toBe(false);
    expect(ZFeedbackRequest.safeParse({ url: 'javascript:alert(1)', value: 5 }).success).toBe(false);
    expect(ZFeedbackRequest.safeParse({ url: `${url}/${'a'.repeat(2048)}`, value: 5 }).success).toBe(false);
  });
});

import { z } from 'zod';

/** Feedback rating of spec sections 3, 4, 5 and 9: one shared rule for the widget and the API. */

export const FEEDBACK_MIN_VALUE = 1;
export const FEEDBACK_MAX_VALUE = 10;
/** The rating buttons, 1 to 10. */
export const FEEDBACK_VALUES: readonly number[] = Array.from(
  { length: FEEDBACK_MAX_VALUE - FEEDBACK_MIN_VALUE + 1 },
  (_, index) => FEEDBACK_MIN_VALUE + index,
);
export const FEEDBACK_COMMENT_MAX_LENGTH = 5000;
export const FEEDBACK_URL_MAX_LENGTH = 2048;
/** After a valid submit the form resets this many milliseconds later. */
export const FEEDBACK_RESET_MS = 3000;
/** The comment text area: 4 rows, 50 columns, placeholder Empty. */
export const FEEDBACK_TEXTAREA = { rows: 4, cols: 50, placeholder: 'Empty' } as const;

/** Spec 5: the rating is required and a number. */
export const FEEDBACK_REQUIRED_MESSAGE = 'Thumbs is a required field';

/**
 * Colour bands 1-2, 3-4, 5-6, 7-8, 9-10, red through orange to green (spec 9). Each keeps white
 * text, and itself as text on white, at AA contrast (4.5:1 or more).
 */
export type FeedbackBand = 1 | 2 | 3 | 4 | 5;
export const FEEDBACK_BAND_COLOURS: Record<FeedbackBand, string> = {
  1: '#c92a2a',
  2: '#c2410c',
  3: '#b45309',
  4: '#4d7c0f',
  5: '#15803d',
};

/** The band of a rating: 1-2 -> 1, 3-4 -> 2, ... 9-10 -> 5. */
export function feedbackBand(value: number): FeedbackBand {
  const clamped = Math.min(FEEDBACK_MAX_VALUE, Math.max(FEEDBACK_MIN_VALUE, Math.round(value)));
  return Math.ceil(clamped / 2) as FeedbackBand;
}

/** POST /api/feedback: the page's full address, the rating and an optional comment. */
export const ZFeedbackRequest = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: 'The page address must be a valid URL' })
    .max(FEEDBACK_URL_MAX_LENGTH, `Value must be not more than ${FEEDBACK_URL_MAX_LENGTH} characters long`),
  value: z
    .number({ error: FEEDBACK_REQUIRED_MESSAGE })
    .int(FEEDBACK_REQUIRED_MESSAGE)
    .min(FEEDBACK_MIN_VALUE, `Value must be equal or greater than ${FEEDBACK_MIN_VALUE}`)
    .max(FEEDBACK_MAX_VALUE, `Value must be not greater than ${FEEDBACK_MAX_VALUE}`),
  comment: z
    .string()
    .max(
      FEEDBACK_COMMENT_MAX_LENGTH,
      `Value must be not more than ${FEEDBACK_COMMENT_MAX_LENGTH} characters long`,
    )
    .nullable()
    .optional(),
});
export type TFeedbackRequest = z.infer<typeof ZFeedbackRequest>;

/** The form of the widget (spec 3: feedback starts empty, comment starts empty). */
export const ZFeedbackForm = z.object({
  feedback: z
    .number({ error: FEEDBACK_REQUIRED_MESSAGE })
    .int()
    .min(FEEDBACK_MIN_VALUE)
    .max(FEEDBACK_MAX_VALUE)
    .nullable()
    .refine((value) => value !== null, FEEDBACK_REQUIRED_MESSAGE),
  comment: ZFeedbackRequest.shape.comment,
});
export type TFeedbackForm = { feedback: number | null; comment: string | null };

/** One stored feedback as POST answers it. */
export const ZFeedback = z.object({
  id: z.number().int(),
  url: z.string(),
  value: z.number().int(),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type TFeedback = z.infer<typeof ZFeedback>;

/** One entry of the admin's feedback list, with who sent it. */
export const ZFeedbackListItem = ZFeedback.extend({
  user: z
    .object({ id: z.number().int(), name: z.string(), lastname: z.string(), email: z.string() })
    .nullable(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TFeedbackListItem = z.infer<typeof ZFeedbackListItem>;

export const FEEDBACK_LIST_DEFAULT_LIMIT = 30;
export const FEEDBACK_LIST_MAX_LIMIT = 100;

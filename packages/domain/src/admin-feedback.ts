import { z } from 'zod';
import {
  FEEDBACK_LIST_DEFAULT_LIMIT,
  FEEDBACK_LIST_MAX_LIMIT,
  type FeedbackBand,
  ZFeedbackListItem,
} from './feedback';

/** The admin console's feedback (issue 14 point 7): filters by rating band and date, weekly figures, CSV. */

export const FEEDBACK_BANDS: readonly FeedbackBand[] = [1, 2, 3, 4, 5];

/** The ratings of a band: band 1 is 1-2, ... band 5 is 9-10 (the inverse of feedbackBand). */
export function feedbackBandRange(band: FeedbackBand): { min: number; max: number } {
  return { min: band * 2 - 1, max: band * 2 };
}

const ZDay = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

/** The filters every feedback read shares: a rating band and a date range (days, UTC, both included). */
const ZFilterFields = z.object({
  band: z.coerce
    .number({ error: 'The band is a number from 1 to 5' })
    .int('The band is a number from 1 to 5')
    .min(1, 'The band is a number from 1 to 5')
    .max(5, 'The band is a number from 1 to 5')
    .transform((value) => value as FeedbackBand)
    .optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
});

export const FEEDBACK_DATES_ORDER_MESSAGE = 'The start date must be on or before the end date';
const datesInOrder = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;

export const ZAdminFeedbackFilters = ZFilterFields.refine(datesInOrder, {
  error: FEEDBACK_DATES_ORDER_MESSAGE,
  path: ['to'],
});
export type TAdminFeedbackFilters = z.infer<typeof ZAdminFeedbackFilters>;

/** GET /api/admin/feedback?band&from&to&limit&offset */
export const ZAdminFeedbackQuery = ZFilterFields.extend({
  limit: z.coerce.number().int().min(1).max(FEEDBACK_LIST_MAX_LIMIT).default(FEEDBACK_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
}).refine(datesInOrder, { error: FEEDBACK_DATES_ORDER_MESSAGE, path: ['to'] });
export type TAdminFeedbackQuery = z.infer<typeof ZAdminFeedbackQuery>;

export const ZAdminFeedbackList = z.object({ data: z.array(ZFeedbackListItem), total: z.number().int() });
export type TAdminFeedbackList = z.infer<typeof ZAdminFeedbackList>;

/** One week (starting Monday, UTC) of feedback: how many and their average rating. */
export const ZAdminFeedbackWeek = z.object({
  week: z.string(),
  count: z.number().int(),
  average: z.number(),
});
export const ZAdminFeedbackOverTime = z.object({ data: z.array(ZAdminFeedbackWeek) });
export type TAdminFeedbackOverTime = z.infer<typeof ZAdminFeedbackOverTime>;

/** The CSV's columns, in order. */
export const ADMIN_FEEDBACK_CSV_COLUMNS = [
  'Date',
  'Rating',
  'Comment',
  'Page',
  'User',
  'Email',
  'Organization',
] as const;

import { z } from 'zod';

/** How many weeks the weekly figures of the admin dashboard cover (the last year). */
export const DASHBOARD_WEEKS = 52;

/** A user's status on the admin dashboard: archived once deleted, else their membership's. */
export const ADMIN_USER_STATUSES = [
  'pending',
  'approved',
  'declined',
  'archived',
  'no_organization',
] as const;
export const ZAdminUserStatus = z.enum(ADMIN_USER_STATUSES);
export type TAdminUserStatus = z.infer<typeof ZAdminUserStatus>;

/** Survey statuses as hostedSurveyStatus decides them (surveys.ts); 'Past Due' is a closed survey. */
export const ADMIN_SURVEY_STATUSES = ['Scheduled', 'Active', 'Past Due', 'Archived'] as const;

const count = z.number().int().nonnegative();

/** GET /api/admin/dashboard: the platform's figures (spec 2 Admin, Dashboard). */
export const ZAdminDashboard = z.object({
  /** live organizations by legal structure ('Not given' when unset), public and private */
  organizations: z.array(z.object({ legal_structure: z.string(), public: count, private: count })),
  users: z.array(z.object({ status: ZAdminUserStatus, count })),
  /** live surveys (not deleted) by status */
  surveys: z.array(z.object({ status: z.enum(ADMIN_SURVEY_STATUSES), count })),
  /** LPI submissions per week (weeks start on Monday, UTC, YYYY-MM-DD), oldest first */
  submissions: z.array(z.object({ week: z.string(), count })),
  /** feedback sent per week and its average rating (1-10; null in a week without feedback) */
  feedback: z.array(z.object({ week: z.string(), count, average: z.number().nullable() })),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

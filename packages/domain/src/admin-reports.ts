import { z } from 'zod';
import { ZAdminUserListQuery } from './admin-users';
import { HOSTED_SURVEY_STATUSES } from './surveys';

// The admin console's reports (issue 14 point 8): streamed downloads, CSV or .xlsx, of
// organizations, users, surveys with response rates and submissions with scores, each with its
// list's filters. GET /api/admin/reports/{report}?format=csv|xlsx&...filters

export const ADMIN_REPORTS = ['organizations', 'users', 'surveys', 'submissions'] as const;
export type TAdminReport = (typeof ADMIN_REPORTS)[number];
export const ADMIN_REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TAdminReportFormat = (typeof ADMIN_REPORT_FORMATS)[number];

export const ADMIN_REPORT_TITLES: Record<TAdminReport, string> = {
  organizations: 'Organizations',
  users: 'Users',
  surveys: 'Surveys with response rates',
  submissions: 'Submissions with scores',
};

/** A report's column: its header in the file and what it holds, for the page that offers it. */
export interface AdminReportColumn {
  header: string;
  description: string;
}

/** Every report's columns, in the file's order (the first row of the file is these headers). */
export const ADMIN_REPORT_COLUMNS: Record<TAdminReport, readonly AdminReportColumn[]> = {
  organizations: [
    { header: 'ID', description: 'the organization’s number in Parity' },
    { header: 'Name', description: 'its name' },
    { header: 'Legal structure', description: 'empty when not given' },
    { header: 'Visibility', description: 'Public or Private (shown in the directory or not)' },
    { header: 'Publicly traded', description: 'Yes or No' },
    { header: 'Ticker', description: 'the ticker symbol, when publicly traded' },
    { header: 'Website', description: 'its website' },
    { header: 'Approved members', description: 'how many people are approved members (a count)' },
    { header: 'Created at', description: 'date and time (UTC, ISO 8601)' },
    { header: 'Deleted at', description: 'date and time of the soft delete (UTC); empty when live' },
  ],
  users: [
    { header: 'ID', description: 'the account’s number in Parity' },
    { header: 'First name', description: 'first name' },
    { header: 'Last name', description: 'last name' },
    { header: 'Email', description: 'sign-in email address' },
    { header: 'Title', description: 'job title' },
    { header: 'Organization', description: 'empty without an organization' },
    { header: 'Status', description: 'the membership’s status: pending, approved or declined' },
    { header: 'Platform administrator', description: 'Yes or No' },
    { header: 'Organization admin', description: 'Yes or No (manages the organization’s settings)' },
    { header: 'Survey host', description: 'Yes or No (manages the organization’s surveys)' },
    { header: 'Two-factor', description: 'Yes or No (two-factor authentication turned on)' },
    { header: 'Created at', description: 'date and time (UTC, ISO 8601)' },
    { header: 'Last login at', description: 'date and time (UTC); empty when never signed in' },
  ],
  surveys: [
    { header: 'ID', description: 'the survey’s number in Parity' },
    { header: 'Title', description: 'its title' },
    { header: 'Host organization', description: 'the organization that hosts it' },
    { header: 'Start', description: 'start date (YYYY-MM-DD)' },
    { header: 'Due', description: 'due date (YYYY-MM-DD)' },
    { header: 'Status', description: 'Active, Scheduled, Past Due or Archived (today, UTC)' },
    { header: 'Invited', description: 'organizations invited (a count)' },
    { header: 'Responded', description: 'invited organizations that started or submitted (a count)' },
    { header: 'Submitted', description: 'invited organizations that submitted (a count)' },
    {
      header: 'Response rate (%)',
      description: 'submitted over invited, in percent (one decimal; 0 when none invited)',
    },
  ],
  submissions: [
    { header: 'ID', description: 'the submission’s number in Parity' },
    { header: 'Organization', description: 'the organization that submitted' },
    { header: 'Survey', description: 'the survey answered; empty for the organization’s own profile' },
    { header: 'Submitted at', description: 'date and time (UTC, ISO 8601)' },
    { header: 'LPI', description: 'the LPI score (0-10); empty when not computed' },
    { header: 'Evenness', description: 'staff and leadership evenness, combined (0-1); empty when unknown' },
    { header: 'Transparency (%)', description: 'the share of the requested data disclosed, in percent' },
  ],
};

/** The file's name: parity-<report>-<YYYY-MM-DD>.<format>, dated on the UTC day it is made. */
export function adminReportFileName(report: TAdminReport, format: TAdminReportFormat, now: Date): string {
  return `parity-${report}-${now.toISOString().slice(0, 10)}.${format}`;
}

const ZFormat = z.enum(ADMIN_REPORT_FORMATS, { error: 'format must be csv or xlsx' }).default('csv');
const ZId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(2_147_483_647, `${label} is too large`)
    .optional();
const ZSearch = z.string().trim().max(200, 'Search must be at most 200 characters').optional();
const ZDay = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

export const ADMIN_REPORT_VISIBILITIES = ['public', 'private'] as const;
export const ADMIN_REPORT_DELETED = ['exclude', 'include', 'only'] as const;

/** GET /api/admin/reports/organizations */
export const ZOrganizationsReportQuery = z.object({
  format: ZFormat,
  search: ZSearch,
  legal_structure_id: ZId('legal_structure_id'),
  visibility: z.enum(ADMIN_REPORT_VISIBILITIES, { error: 'visibility must be public or private' }).optional(),
  deleted: z
    .enum(ADMIN_REPORT_DELETED, { error: 'deleted must be exclude, include or only' })
    .default('exclude'),
});
export type TOrganizationsReportQuery = z.infer<typeof ZOrganizationsReportQuery>;

/** GET /api/admin/reports/users: the user list's filters (GET /api/admin/users). */
export const ZUsersReportQuery = ZAdminUserListQuery.pick({
  search: true,
  status: true,
  organization_id: true,
  role: true,
}).extend({ format: ZFormat });
export type TUsersReportQuery = z.infer<typeof ZUsersReportQuery>;

/** GET /api/admin/reports/surveys */
export const ZSurveysReportQuery = z.object({
  format: ZFormat,
  status: z
    .enum(HOSTED_SURVEY_STATUSES, { error: `status must be one of ${HOSTED_SURVEY_STATUSES.join(', ')}` })
    .optional(),
  organization_id: ZId('organization_id'),
  year: z.coerce
    .number({ error: 'year must be a year such as 2026' })
    .int('year must be a year such as 2026')
    .min(2000, 'year must be from 2000 to 2100')
    .max(2100, 'year must be from 2000 to 2100')
    .optional(),
});
export type TSurveysReportQuery = z.infer<typeof ZSurveysReportQuery>;

export const REPORT_DATES_ORDER_MESSAGE = 'The start date must be on or before the end date';

/** GET /api/admin/reports/submissions */
export const ZSubmissionsReportQuery = z
  .object({
    format: ZFormat,
    survey_id: ZId('survey_id'),
    organization_id: ZId('organization_id'),
    from: ZDay.optional(),
    to: ZDay.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: REPORT_DATES_ORDER_MESSAGE, path: ['to'] });
export type TSubmissionsReportQuery = z.infer<typeof ZSubmissionsReportQuery>;

export interface AdminReportFilters {
  organizations: Omit<z.input<typeof ZOrganizationsReportQuery>, 'format'>;
  users: Omit<z.input<typeof ZUsersReportQuery>, 'format'>;
  surveys: Omit<z.input<typeof ZSurveysReportQuery>, 'format'>;
  submissions: Omit<z.input<typeof ZSubmissionsReportQuery>, 'format'>;
}

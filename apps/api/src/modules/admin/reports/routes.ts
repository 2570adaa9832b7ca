import {
  ADMIN_REPORT_COLUMNS,
  ADMIN_REPORT_TITLES,
  type TAdminReport,
  ZOrganizationsReportQuery,
  ZSubmissionsReportQuery,
  ZSurveysReportQuery,
  ZUsersReportQuery,
} from '@parity/domain/admin-reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendAttachment } from '../../../core/http/send-file';
import { requireAuth } from '../../../plugins/auth';
import { openReport } from './service';

const tags = ['admin'];
const RIGHTS = 'Platform administrators only (401 anonymous, 403 anyone else); a bad filter: 400 naming it.';
const FILE =
  '`format` csv (the default; UTF-8, CRLF, RFC 4180) or xlsx (one sheet, header row frozen). Streamed: the ' +
  'database is read 500 rows at a time in id order and each page is written as it comes, so memory stays flat. ' +
  'Served as an attachment named parity-{report}-{YYYY-MM-DD}.{format} (UTC day). Text that a spreadsheet would ' +
  'read as a formula (starting with =, +, -, @, a tab or a carriage return) gets a leading quote. A failure after ' +
  'the first byte aborts the response (the transfer ends without its last chunk): a file cut short never looks ' +
  'complete.';

const REPORTS: { report: TAdminReport; querystring: z.ZodType; filters: string }[] = [
  {
    report: 'organizations',
    querystring: ZOrganizationsReportQuery,
    filters:
      '`search` in the name; `legal_structure_id` (GET /api/organization-legal-structures); `visibility` ' +
      'public or private; `deleted` exclude (the default), include or only soft-deleted organizations.',
  },
  {
    report: 'users',
    querystring: ZUsersReportQuery,
    filters:
      'Active accounts, with the filters of GET /api/admin/users: `search` (name or email), `status` (the ' +
      'membership: pending, approved, declined), `organization_id`, `role` (sadm, org_admin, survey_host, member).',
  },
  {
    report: 'surveys',
    querystring: ZSurveysReportQuery,
    filters:
      'Surveys not deleted; `status` Active, Scheduled, Past Due or Archived; `organization_id` the host; `year` ' +
      'the due year. Invitations of deleted organizations are not counted.',
  },
  {
    report: 'submissions',
    querystring: ZSubmissionsReportQuery,
    filters:
      'Every submission (survey responses and organizations’ own profiles) with the scores computed at ' +
      'submission; `survey_id`, `organization_id`, `from` and `to` days (YYYY-MM-DD, UTC, both included).',
  },
];

export default async function adminReportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const { report, querystring, filters } of REPORTS) {
    const columns = ADMIN_REPORT_COLUMNS[report].map((c) => `${c.header} (${c.description})`).join('; ');
    app.get(
      `/api/admin/reports/${report}`,
      {
        schema: {
          tags,
          summary: `Download the ${ADMIN_REPORT_TITLES[report].toLowerCase()} report, CSV or .xlsx`,
          description: `${filters} Columns: ${columns}. ${FILE} ${RIGHTS}`,
          querystring,
          // No response schema: the reference then lists the file as the 200 answer (as for the
          // other downloads); the error answers are named in the description.
          produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        },
      },
      async (request, reply) => {
        const file = await openReport(
          app.db,
          requireAuth(request).userId,
          report,
          request.query as Parameters<typeof openReport>[3],
        );
        return sendAttachment(reply, file);
      },
    );
  }
}

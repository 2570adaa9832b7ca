import { ZResponseDocument } from '@parity/domain/survey-response-document';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const ZParams = z.strictObject({ surveyId: id });
const ZQuery = z.strictObject({ organization_id: id.optional() });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const RIGHTS =
  "The organization's members, the survey's host for an invited respondent, and platform admins; anyone else 404. " +
  'organization_id names the respondent (default: the caller’s organization). After submit the response is read ' +
  'from the submission’s snapshot; before, from the survey copy (steps never opened say so).';

/** The organization's survey response as a document (the printable page), an .xlsx and a PDF (surveys export). */
export default async function surveyExportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['surveys'];

  app.get(
    '/api/surveys/:surveyId/export.json',
    {
      schema: {
        tags,
        summary: "An organization's survey response as a document of values",
        description: `The document the PDF and the .xlsx print (title, heading lines, a section per requested step with its fields, tables and notes); the printable page shows it. ${RIGHTS}`,
        params: ZParams,
        querystring: ZQuery,
        response: { 200: ZResponseDocument, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { title, heading, sections } = await service.responseDocument(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.query.organization_id,
      );
      return reply.header('cache-control', 'no-store').send({ title, heading, sections });
    },
  );

  app.get(
    '/api/surveys/:surveyId/export.xlsx',
    {
      schema: {
        tags,
        summary: "An organization's survey response as an .xlsx workbook",
        description: `A Summary sheet, then a sheet per requested step (fields, grids with totals, rows). ${RIGHTS}`,
        params: ZParams,
        querystring: ZQuery,
      },
    },
    async (request, reply) => {
      const { file, fileName } = await service.exportXlsx(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.query.organization_id,
      );
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.get(
    '/api/surveys/:surveyId/export.pdf',
    {
      schema: {
        tags,
        summary: "An organization's survey response as a printable PDF",
        description: `A paginated A4 document: the heading, then each requested step with its fields and tables. ${RIGHTS}`,
        params: ZParams,
        querystring: ZQuery,
      },
    },
    async (request, reply) => {
      const { file, fileName } = await service.exportPdf(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.query.organization_id,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}

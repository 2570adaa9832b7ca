import { ZBoardResponse, ZBoardSave } from '@parity/domain/lpi/board';
import { ZOwnershipResponse, ZOwnershipSave } from '@parity/domain/lpi/individuals';
import { ZMeScopeQuery, ZScopeQuery } from '@parity/domain/lpi/tabs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const ZError = z.object({ message: z.string(), error: z.string(), detail: z.unknown().optional() });
const errors = { 400: ZError, 403: ZError, 404: ZError };
const saveErrors = { ...errors, 409: ZError };
const id = z.coerce.number().int().positive().max(2_147_483_647);

/** The multipart fields of a bulk upload (besides the file). */
const ZUploadFields = z.strictObject({
  survey_id: z
    .union([z.literal(''), id])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  updated_at: z
    .union([z.literal(''), z.literal('null'), z.iso.datetime({ offset: true })])
    .optional()
    .transform((v) => (v === '' || v === 'null' || v === undefined ? null : v)),
  mode: z.enum(['append', 'replace']).default('append'),
});

/** The Ownership and Senior Leadership tab and the Board Members tab (spec 7), both scopes. */
export default async function ownershipRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['ownership'];

  app.get(
    '/api/organization/me/ownership',
    {
      schema: {
        tags,
        summary: "The caller's organization's ownership and senior leadership rows",
        description:
          'With survey_id: its copy inside that survey (made from the profile on the first read). Answers the rows, ' +
          'the owners/leaders counts against the overview totals, the ownership sum and the option flags.',
        querystring: ZMeScopeQuery,
        response: { 200: ZOwnershipResponse, ...errors },
      },
    },
    async (request) =>
      service.readMine(db, requireAuth(request).userId, 'ownership', request.query.survey_id),
  );

  app.get(
    '/api/ownership',
    {
      schema: {
        tags,
        summary: "An organization's ownership and senior leadership rows (its profile or a survey copy)",
        description:
          'Members read; a survey host reads an invited respondent’s copy (report=true never copies).',
        querystring: ZScopeQuery,
        response: { 200: ZOwnershipResponse, ...errors },
      },
    },
    async (request) => service.readScoped(db, requireAuth(request).userId, 'ownership', request.query),
  );

  app.put(
    '/api/ownership/save',
    {
      schema: {
        tags,
        summary: 'Save the ownership tab: create, update and delete rows in one transaction',
        description:
          'Rows follow spec 5 (the same schema as the form). Ids in update/delete must be rows of the same ' +
          'organization and scope (else 404, nothing written). A save based on a stale updated_at answers 409.',
        body: ZOwnershipSave,
        response: { 200: ZOwnershipResponse, ...saveErrors },
      },
    },
    async (request) => service.saveOwnership(db, requireAuth(request).userId, request.body),
  );

  app.get(
    '/api/ownerships/template/download',
    {
      schema: {
        tags,
        summary: 'The bulk upload template (.xlsx): the columns, drop-down option lists and an example row',
        description:
          'An .xlsx attachment. Any member may download it (403 awaiting approval, 404 for a survey the ' +
          "caller's organization is not invited to).",
        querystring: ZMeScopeQuery,
      },
    },
    async (request, reply) => {
      const file = await service.ownershipTemplate(db, requireAuth(request).userId, request.query.survey_id);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${service.TEMPLATE_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.post(
    '/api/process-excel-ownership',
    {
      schema: {
        tags,
        summary: 'Bulk upload of ownership rows from the filled template',
        description:
          'multipart/form-data: file (.xlsx, at most 5 MB and 5,000 rows), survey_id, updated_at, mode ' +
          "('append', the default, or 'replace'). Every row is checked like the form; either all rows are created " +
          'in one save, or none and 422 lists every problem as detail [{row, column, message}].',
        consumes: ['multipart/form-data'],
        response: {
          200: ZOwnershipResponse.extend({ created: z.number().int() }),
          ...saveErrors,
          413: ZError,
          415: ZError,
          422: ZError,
        },
      },
    },
    async (request, reply) => {
      const userId = requireAuth(request).userId;
      if (!request.isMultipart()) {
        return reply
          .code(415)
          .send({ message: 'Send the spreadsheet as multipart/form-data.', error: 'unsupported_media_type' });
      }
      const fields: Record<string, string> = {};
      let file: Buffer | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) throw badRequest('Send one spreadsheet, in the field file.');
          file = await part.toBuffer();
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      if (!file) throw badRequest('file: Field is empty', [{ field: 'file', message: 'Field is empty' }]);
      const parsed = ZUploadFields.safeParse(fields);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({
          field: issue.path.join('.') || 'body',
          message: issue.message,
        }));
        throw badRequest(`${issues[0]?.field}: ${issues[0]?.message}`, issues);
      }
      return service.uploadOwnership(db, userId, {
        file,
        surveyId: parsed.data.survey_id,
        updatedAt: parsed.data.updated_at,
        mode: parsed.data.mode,
      });
    },
  );

  app.get(
    '/api/organization/me/boards',
    {
      schema: {
        tags,
        summary: "The caller's organization's board members (with survey_id: its survey copy)",
        querystring: ZMeScopeQuery,
        response: { 200: ZBoardResponse, ...errors },
      },
    },
    async (request) => service.readMine(db, requireAuth(request).userId, 'board', request.query.survey_id),
  );

  app.get(
    '/api/boards',
    {
      schema: {
        tags,
        summary: "An organization's board members (its profile or a survey copy)",
        querystring: ZScopeQuery,
        response: { 200: ZBoardResponse, ...errors },
      },
    },
    async (request) => service.readScoped(db, requireAuth(request).userId, 'board', request.query),
  );

  app.post(
    '/api/boards/save',
    {
      schema: {
        tags,
        summary: 'Save the board tab: create, update and delete members in one transaction',
        description:
          'Ids in update/delete must be members of the same organization and scope (else 404, nothing written). ' +
          'A save based on a stale updated_at answers 409.',
        body: ZBoardSave,
        response: { 200: ZBoardResponse, ...saveErrors },
      },
    },
    async (request) => service.saveBoard(db, requireAuth(request).userId, request.body),
  );
}

import { ZBoardResponse, ZBoardSave } from '@parity/domain/lpi/board';
import { ZOwnershipResponse, ZOwnershipSave } from '@parity/domain/lpi/individuals';
import { ZMeScopeQuery, ZScopeQuery } from '@parity/domain/lpi/tabs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, errorResponses } from '../../../../core/http/errors';
import { fileIn, parseFields, readMultipart, requireMultipart } from '../../../../core/http/multipart';
import {
  SPREADSHEET_MAX_BYTES,
  SPREADSHEET_TOO_LARGE_MESSAGE,
} from '../../../../lib/spreadsheet/spreadsheet';
import { requireAuth } from '../../../../plugins/auth';
import { tabRoutes } from '../../engine/tab-routes';
import { boardTab, ownershipTab } from './definition';
import * as service from './service';

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

  tabRoutes(app, {
    tags,
    response: ZOwnershipResponse,
    tab: () => ownershipTab,
    me: {
      url: '/api/organization/me/ownership',
      summary: "The caller's organization's ownership and senior leadership rows",
      description:
        'With survey_id: its copy inside that survey (made from the profile on the first read). Answers the rows, ' +
        'the owners/leaders counts against the overview totals, the ownership sum and the option flags.',
      querystring: ZMeScopeQuery,
    },
    scoped: {
      url: '/api/ownership',
      summary: "An organization's ownership and senior leadership rows (its profile or a survey copy)",
      description:
        'Members read; a survey host reads an invited respondent’s copy (report=true never copies).',
      querystring: ZScopeQuery,
    },
    saves: [
      {
        method: 'PUT',
        url: '/api/ownership/save',
        summary: 'Save the ownership tab: create, update and delete rows in one transaction',
        description:
          'Rows follow spec 5 (the same schema as the form). Ids in update/delete must be rows of the same ' +
          'organization and scope (else 404, nothing written). A save based on a stale updated_at answers 409.',
        tab: ownershipTab,
        body: ZOwnershipSave,
        write: service.ownershipWrite,
      },
    ],
  });

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
          ...errorResponses(400, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request, _reply) => {
      const userId = requireAuth(request).userId;
      requireMultipart(request, 'Send the spreadsheet as multipart/form-data.');
      const form = await readMultipart(request, {
        tooLargeMessage: SPREADSHEET_TOO_LARGE_MESSAGE,
        fileSize: SPREADSHEET_MAX_BYTES,
      });
      if (form.files.some((f) => f.field !== 'file'))
        throw badRequest('Send one spreadsheet, in the field file.');
      const file = fileIn(form).bytes;
      const fields = parseFields(ZUploadFields, form.fields);
      return service.uploadOwnership(db, userId, {
        file,
        surveyId: fields.survey_id,
        updatedAt: fields.updated_at,
        mode: fields.mode,
      });
    },
  );

  tabRoutes(app, {
    tags,
    response: ZBoardResponse,
    tab: () => boardTab,
    me: {
      url: '/api/organization/me/boards',
      summary: "The caller's organization's board members (with survey_id: its survey copy)",
      description:
        'Members with LPI access of the caller’s organization; with survey_id, the organization’s copy of that survey (404 when not invited).',
      querystring: ZMeScopeQuery,
    },
    scoped: {
      url: '/api/boards',
      summary: "An organization's board members (its profile or a survey copy)",
      description:
        'The board of an organization’s profile or survey copy, to its members with LPI access, and to the survey’s host once the organization submitted; anyone else 404.',
      querystring: ZScopeQuery,
    },
    saves: [
      {
        method: 'POST',
        url: '/api/boards/save',
        summary: 'Save the board tab: create, update and delete members in one transaction',
        description:
          'Ids in update/delete must be members of the same organization and scope (else 404, nothing written). ' +
          'A save based on a stale updated_at answers 409.',
        tab: boardTab,
        body: ZBoardSave,
        write: service.boardWrite,
      },
    ],
  });
}

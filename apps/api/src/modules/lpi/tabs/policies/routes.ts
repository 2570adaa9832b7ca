import {
  POLICY_FILE_EXTENSIONS,
  POLICY_FILE_MAX_BYTES,
  POLICY_FILE_MAX_COUNT,
  POLICY_FILE_SIZE_MESSAGE,
  POLICY_FILE_TYPES_MESSAGE,
  ZPolicyList,
  ZPolicyRecordInput,
  ZPolicyRecords,
  ZPolicyRecordUpdate,
} from '@parity/domain/lpi/policies';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fieldIssue } from '../../../../core/http/errors';
import { parseFields, readMultipart } from '../../../../core/http/multipart';
import { checkFile } from '../../../../core/uploads/file-types';
import { requireAuth } from '../../../../plugins/auth';
import { tabRoutes } from '../../engine/tab-routes';
import { policiesTab } from './definition';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
const ZBasedOn = z.strictObject({
  updated_at: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.iso.datetime({ offset: true }).nullable(),
  ),
});
const FILE_FIELD = /^(files\[\d*\]|files|file)$/;

/**
 * The policy form: multipart fields plus files[i] (each checked by its bytes and its name, at most
 * 5 MB), or a JSON body without files. Every file is read and checked before anything is stored.
 */
async function readForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, uploads: [] };
  }
  const form = await readMultipart(request, {
    tooLargeMessage: POLICY_FILE_SIZE_MESSAGE,
    fileSize: POLICY_FILE_MAX_BYTES,
    files: POLICY_FILE_MAX_COUNT,
  });
  const uploads: service.PolicyUpload[] = form.files.map((file) => {
    if (!FILE_FIELD.test(file.field)) throw fieldIssue(file.field, 'Send attachments as files[i].');
    const checked = checkFile(file, POLICY_FILE_EXTENSIONS, POLICY_FILE_TYPES_MESSAGE, {
      fallbackName: 'attachment',
    });
    return { field: file.field, ...checked };
  });
  return { fields: form.fields, uploads };
}

/** The Policies tab of the LPI profile (spec 7): the list, the records, their files, in both scopes. */
export default async function policiesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['policies'];

  app.get(
    '/api/policies',
    {
      schema: {
        tags,
        summary: 'The policy list (id, name)',
        description:
          'The policies an organization may report on (the reference list), for any signed-in user.',
        querystring: z.strictObject({ survey_id: id.optional() }),
        response: { 200: ZPolicyList, ...errorResponses(403) },
      },
    },
    async (request) => service.list(db, requireAuth(request).userId),
  );

  tabRoutes(app, {
    tags,
    response: ZPolicyRecords,
    tab: () => policiesTab,
    scoped: {
      url: '/api/policies/organization',
      summary: "An organization's policy records in a scope",
      description:
        "Without organization_id: the caller's own organization (its survey copy with survey_id). Rights as every " +
        'LPI read: members read, survey hosts read an invited respondent’s survey copy, anyone else 404.',
      querystring: z.strictObject({
        organization_id: id.optional(),
        survey_id: id.optional(),
        report: flag.optional(),
      }),
    },
  });

  app.post(
    '/api/policies',
    {
      schema: {
        tags,
        summary: 'Add a policy record (with attachments) to the caller’s scope',
        description:
          'multipart/form-data: policy_id, status, current_as_of, established_at, last_reviewed_at, survey_id, ' +
          'updated_at (the tab state the edit was based on) and files[i] (PDF, DOCX, DOC, XLSX, PPTX, TXT, PNG, ' +
          'JPEG, checked by their bytes; at most 5 MB each, 413 above). A stale updated_at answers 409.',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: ZPolicyRecords, ...errorResponses(400, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const userId = requireAuth(request).userId;
      const { fields, uploads } = await readForm(request);
      const input = parseFields(ZPolicyRecordInput, fields);
      return reply.code(201).send(await service.create(db, app.storage, userId, input, uploads));
    },
  );

  app.post(
    '/api/policies/update',
    {
      schema: {
        tags,
        summary: 'Change a policy record of the caller’s scope (new files are added)',
        description: 'As POST /api/policies plus id. A new file or a changed date makes a new revision.',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: ZPolicyRecords, ...errorResponses(400, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const userId = requireAuth(request).userId;
      const { fields, uploads } = await readForm(request);
      const input = parseFields(ZPolicyRecordUpdate, fields);
      return service.update(db, app.storage, userId, input, uploads);
    },
  );

  app.delete(
    '/api/policies/organization/:id',
    {
      schema: {
        tags,
        summary: "Delete a policy record of the caller's own profile",
        description:
          'LPI editors of the caller’s organization; the record and its attachments go in one transaction; another organization’s record answers 404.',
        params: z.strictObject({ id }),
        querystring: ZBasedOn,
        response: { 200: ZPolicyRecords, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      service.remove(
        db,
        app.storage,
        requireAuth(request).userId,
        request.params.id,
        null,
        request.query.updated_at,
      ),
  );

  app.delete(
    '/api/policies/:id/surveys/:surveyId',
    {
      schema: {
        tags,
        summary: "Delete a policy record of the caller's survey copy",
        description:
          'LPI editors of an organization invited to the survey, while the survey is open and not submitted (409 then); another organization’s record answers 404.',
        params: z.strictObject({ id, surveyId: id }),
        querystring: ZBasedOn,
        response: { 200: ZPolicyRecords, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      service.remove(
        db,
        app.storage,
        requireAuth(request).userId,
        request.params.id,
        request.params.surveyId,
        request.query.updated_at,
      ),
  );

  app.post(
    '/api/policies/:id/surveys/:surveyId',
    {
      schema: {
        tags,
        summary: "Load a record of the organization's own profile into its survey copy",
        description:
          'Copies the record and its attachments (same files) with source_policy_id; a record loaded from it ' +
          'before is replaced. Body: { updated_at } of the survey scope’s policies tab.',
        params: z.strictObject({ id, surveyId: id }),
        body: ZBasedOn,
        response: { 200: ZPolicyRecords, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      service.load(
        db,
        app.storage,
        requireAuth(request).userId,
        request.params.id,
        request.params.surveyId,
        request.body.updated_at,
      ),
  );

  app.get(
    '/api/policies/attachments/:id',
    {
      schema: {
        tags,
        summary: "Download a policy record's attachment",
        description: 'Whoever may read the record’s scope; anyone else 404.',
        params: z.strictObject({ id }),
      },
    },
    async (request, reply) => {
      const { stream, attachment } = await service.download(
        db,
        app.storage,
        requireAuth(request).userId,
        request.params.id,
      );
      const safeName = attachment.name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'attachment';
      return reply
        .header('content-type', attachment.content_type)
        .header('content-length', String(attachment.size))
        .header(
          'content-disposition',
          `attachment; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
        )
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
}

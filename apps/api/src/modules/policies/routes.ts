import {
  POLICY_FILE_MAX_BYTES,
  POLICY_FILE_MAX_COUNT,
  ZPolicyList,
  ZPolicyRecordInput,
  ZPolicyRecords,
  ZPolicyRecordUpdate,
} from '@parity/domain/lpi/policies';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { checkPolicyFile, cleanName, fileIssue, tooLarge } from './files';
import * as service from './service';
import './tab';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
const ZError = z.object({ message: z.string(), error: z.string(), detail: z.unknown().optional() });
const ZBasedOn = z.strictObject({
  updated_at: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.iso.datetime({ offset: true }).nullable(),
  ),
});
const FILE_FIELD = /^(files\[\d*\]|files|file)$/;
const errors = { 400: ZError, 403: ZError, 404: ZError, 409: ZError };

/**
 * The policy form: multipart fields plus files[i] (each checked by its bytes and its name, at most
 * 5 MB), or a JSON body without files. Every file is read and checked before anything is stored.
 */
async function readForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, uploads: [] };
  }
  const fields: Record<string, unknown> = {};
  const uploads: service.PolicyUpload[] = [];
  const parts = request.parts({ limits: { files: POLICY_FILE_MAX_COUNT, fileSize: POLICY_FILE_MAX_BYTES } });
  for await (const part of parts) {
    if (part.type === 'file') {
      const field = part.fieldname;
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge();
        throw error;
      }
      if (part.file.truncated) throw tooLarge();
      if (!FILE_FIELD.test(field)) throw fileIssue(field, 'Send attachments as files[i].');
      const name = cleanName(part.filename ?? '');
      uploads.push({ field, name, bytes, ...checkPolicyFile(field, name, bytes) });
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, uploads };
}

function parseFields<T>(schema: z.ZodType<T>, fields: Record<string, unknown>): T {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    field: ['body', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw badRequest(`${issues[0]!.field}: ${issues[0]!.message}`, issues);
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
        querystring: z.strictObject({ survey_id: id.optional() }),
        response: { 200: ZPolicyList, 403: ZError },
      },
    },
    async (request) => service.list(db, requireAuth(request).userId),
  );

  app.get(
    '/api/policies/organization',
    {
      schema: {
        tags,
        summary: "An organization's policy records in a scope",
        description:
          "Without organization_id: the caller's own organization (its survey copy with survey_id). Rights as every " +
          'LPI read: members read, survey hosts read an invited respondent’s survey copy, anyone else 404.',
        querystring: z.strictObject({
          organization_id: id.optional(),
          survey_id: id.optional(),
          report: flag.optional(),
        }),
        response: { 200: ZPolicyRecords, 403: ZError, 404: ZError },
      },
    },
    async (request) => service.records(db, requireAuth(request).userId, request.query),
  );

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
        response: { 201: ZPolicyRecords, 413: ZError, ...errors },
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
        response: { 200: ZPolicyRecords, 413: ZError, ...errors },
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
        params: z.strictObject({ id }),
        querystring: ZBasedOn,
        response: { 200: ZPolicyRecords, ...errors },
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
        params: z.strictObject({ id, surveyId: id }),
        querystring: ZBasedOn,
        response: { 200: ZPolicyRecords, ...errors },
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
        response: { 200: ZPolicyRecords, ...errors },
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

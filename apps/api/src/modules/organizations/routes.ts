import {
  ZOrganizationDirectory,
  ZOrganizationDirectoryQuery,
  ZOrganizationPublic,
} from '@parity/domain/organization';
import {
  DOCUMENT_TYPES_MESSAGE,
  MEDIA_TYPES_MESSAGE,
  ZFilesQuery,
  ZOrganizationFile,
  ZOrganizationFileList,
} from '@parity/domain/organization-files';
import { ZOrganizationCode, ZRotateCodeRequest } from '@parity/domain/organization-invitations';
import {
  ORGANIZATION_UPDATED_MESSAGE,
  ZOrganizationImageSaved,
  ZOrganizationSettings,
  ZOrganizationSettingsSaved,
  ZOrganizationSettingsUpdate,
} from '@parity/domain/organization-settings';
import { AWAITING_APPROVAL_MESSAGE } from '@parity/domain/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const ZId = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const ZMessage = z.object({ message: z.string() });

/** Streams a stored file with its type, size and a safe name. */
function sendFile(
  reply: FastifyReply,
  found: {
    stream: NodeJS.ReadableStream;
    file: { content_type: string; original_name: string; size: number };
  },
  inline: boolean,
) {
  const ascii = found.file.original_name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'file';
  return reply
    .header('content-type', found.file.content_type)
    .header('content-length', String(found.file.size))
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(found.file.original_name)}`,
    )
    .header('cache-control', 'private, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .send(found.stream);
}

/** 415 unless the request is multipart/form-data; else the part `file` within `fileSize`. */
async function filePart(request: FastifyRequest, reply: FastifyReply, fileSize: number) {
  if (!request.isMultipart()) {
    await reply.code(415).send({
      message: 'Send the file as multipart/form-data (part "file").',
      error: 'unsupported_media_type',
    });
    return null;
  }
  return { part: await request.file({ limits: { fileSize } }) };
}

const ZError = z.object({ message: z.string(), error: z.string(), detail: z.unknown().optional() });

export default async function organizationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['organizations'];

  app.get(
    '/api/organizations',
    {
      schema: {
        tags,
        summary: 'The organization directory (/organizations)',
        description:
          'Organizations that chose to be public and are not deleted, searched by name and filtered by legal ' +
          'structure; sort_by name (default) or created_at, sort_order asc (default) or desc; limit 1-100 ' +
          `(default 30). A caller not yet approved gets 403 '${AWAITING_APPROVAL_MESSAGE}'.`,
        querystring: ZOrganizationDirectoryQuery,
        response: { 200: ZOrganizationDirectory, 400: ZError, 403: ZError },
      },
    },
    async (request) => service.listOrganizations(db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/organizations/:id',
    {
      schema: {
        tags,
        summary: "An organization's public page (/organizations/{organizationId})",
        description:
          'A private or deleted organization answers 404 to anyone but its own approved members and ' +
          'platform admins. A caller not yet approved gets 403.',
        params: ZId,
        response: { 200: ZOrganizationPublic, 403: ZError, 404: ZError },
      },
    },
    async (request) => service.getOrganization(db, requireAuth(request).userId, request.params.id),
  );

  const space = ['organization space'];
  const ADMINS =
    "Approved admins (manage_settings) of the caller's organization: a plain or pending member 403, no organization 404.";
  const MEMBERS = "Approved members of the caller's organization: pending 403, no organization 404.";

  app.get(
    '/api/organizations/me/settings',
    {
      schema: {
        tags: space,
        summary: "The organization form's values (settings page of /organizations/private)",
        description: `legal_structure is the legal structure id; logo and cover are URLs or null. ${MEMBERS}`,
        response: { 200: ZOrganizationSettings, 403: ZError, 404: ZError },
      },
    },
    async (request) => service.getSettings(db, requireAuth(request).userId),
  );

  app.put(
    '/api/organizations/me',
    {
      schema: {
        tags: space,
        summary: 'Save the organization form (spec 5)',
        description:
          'The whole form: name, legal_structure, inception_date (not after today), primary_contact_id (an ' +
          'approved member), is_publicly_traded (only for legal structure 1), ticker_symbol (required when ' +
          'publicly traded, at most 10), total_full_time_employees / total_leaders / total_owners by legal ' +
          'structure; about, website, color_id, is_public and publish_scores (outsiders see the LPI scores only ' +
          'when both is_public and publish_scores are true) are kept when absent. 400 validation_failed with ' +
          `detail [{field: 'body.<field>', message}] per rule. Answers '${ORGANIZATION_UPDATED_MESSAGE}'. ${ADMINS}`,
        body: ZOrganizationSettingsUpdate,
        response: { 200: ZOrganizationSettingsSaved, 400: ZError, 403: ZError, 404: ZError },
      },
    },
    async (request) => service.updateSettings(db, requireAuth(request).userId, request.body),
  );

  for (const which of ['logo', 'cover'] as const) {
    app.post(
      `/api/organizations/me/${which}`,
      {
        schema: {
          tags: space,
          summary: `Upload the organization's ${which} (PNG, JPEG or WebP, 5 MB)`,
          description:
            'multipart/form-data with the part `file`; the type is read from the bytes (and must match the ' +
            'name). 413 over 5 MB, 400 for another type, 415 when not multipart; nothing is kept then. ' +
            `Replaces the previous one. ${ADMINS}`,
          consumes: ['multipart/form-data'],
          response: {
            201: ZOrganizationImageSaved,
            400: ZError,
            403: ZError,
            404: ZError,
            413: ZError,
            415: ZError,
          },
        },
      },
      async (request, reply) => {
        const { userId } = requireAuth(request);
        const got = await filePart(request, reply, 5 * 1024 * 1024);
        if (!got) return reply;
        return reply.code(201).send(await service.uploadImage(db, app.storage, userId, which, got.part));
      },
    );

    app.get(
      `/api/organizations/:id/${which}`,
      {
        schema: {
          tags: space,
          summary: `The organization's ${which} image (inline)`,
          description:
            'Visible like the public page: a private or deleted organization answers 404 to anyone but its ' +
            'approved members and platform admins. 404 when there is none.',
          params: ZId,
          querystring: z.object({ v: z.string().max(40).optional() }),
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await service.readImage(db, app.storage, requireAuth(request).userId, request.params.id, which),
          true,
        ),
    );
  }

  app.get(
    '/api/organizations/me/code',
    {
      schema: {
        tags: space,
        summary: 'The organization code people type at sign-up to join (admins)',
        description: `The current code (null when none) with its expiry and whether it expired. ${ADMINS}`,
        response: { 200: ZOrganizationCode, 403: ZError, 404: ZError },
      },
    },
    async (request) => service.getCode(db, requireAuth(request).userId),
  );

  app.post(
    '/api/organizations/me/code/rotate',
    {
      schema: {
        tags: space,
        summary: 'Make a new organization code; the old one stops working at once (admins)',
        description:
          'Body {expires_at?: ISO date-time in the future, or null for no expiry}. Sign-up with a revoked or ' +
          `expired code answers 400 invalid_code. Audited (without the codes). ${ADMINS}`,
        body: ZRotateCodeRequest,
        response: { 200: ZOrganizationCode, 400: ZError, 403: ZError, 404: ZError },
      },
    },
    async (request) => service.rotateCode(db, requireAuth(request).userId, request.body),
  );

  const ZFileId = z.object({ id: z.uuid({ error: 'The file id is malformed.' }) });
  for (const library of ['files', 'media'] as const) {
    const what = library === 'files' ? 'documents' : 'images';
    const types = library === 'files' ? DOCUMENT_TYPES_MESSAGE : MEDIA_TYPES_MESSAGE;
    const max = service.libraryLimit(library);
    app.get(
      `/api/organizations/me/${library}`,
      {
        schema: {
          tags: space,
          summary: `The organization's ${what} (newest first, paginated)`,
          description: `limit 1-100 (default 30), offset. ${MEMBERS}`,
          querystring: ZFilesQuery,
          response: { 200: ZOrganizationFileList, 400: ZError, 403: ZError, 404: ZError },
        },
      },
      async (request) => service.listLibrary(db, requireAuth(request).userId, library, request.query),
    );

    app.post(
      `/api/organizations/me/${library}`,
      {
        schema: {
          tags: space,
          summary: `Upload one of the organization's ${what} (${max / 1024 / 1024} MB)`,
          description:
            `multipart/form-data with the part \`file\`. ${types} The type is read from the bytes and must ` +
            `match the name. 413 over ${max / 1024 / 1024} MB, 400 for another type, 415 when not multipart; ` +
            `nothing is kept then. Audited and shown in the feed. ${MEMBERS}`,
          consumes: ['multipart/form-data'],
          response: {
            201: ZOrganizationFile,
            400: ZError,
            403: ZError,
            404: ZError,
            413: ZError,
            415: ZError,
          },
        },
      },
      async (request, reply) => {
        const { userId } = requireAuth(request);
        const got = await filePart(request, reply, max);
        if (!got) return reply;
        return reply
          .code(201)
          .send(await service.uploadToLibrary(db, app.storage, userId, library, got.part));
      },
    );

    app.get(
      `/api/organizations/me/${library}/:id/download`,
      {
        schema: {
          tags: space,
          summary: `Download one of the organization's ${what} (attachment)`,
          description: `Another organization's file, or an unknown id, 404. ${MEMBERS}`,
          params: ZFileId,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await service.readFromLibrary(
            db,
            app.storage,
            requireAuth(request).userId,
            library,
            request.params.id,
          ),
          false,
        ),
    );

    if (library === 'media') {
      app.get(
        '/api/organizations/me/media/:id/preview',
        {
          schema: {
            tags: space,
            summary: "One of the organization's images, inline (preview)",
            description: `Another organization's image, or an unknown id, 404. ${MEMBERS}`,
            params: ZFileId,
          },
        },
        async (request, reply) =>
          sendFile(
            reply,
            await service.readFromLibrary(
              db,
              app.storage,
              requireAuth(request).userId,
              'media',
              request.params.id,
            ),
            true,
          ),
      );
    }

    app.delete(
      `/api/organizations/me/${library}/:id`,
      {
        schema: {
          tags: space,
          summary: `Delete one of the organization's ${what}`,
          description:
            'Admins of the organization, or the member who uploaded it (another member 403); another ' +
            "organization's file 404. The stored bytes are removed. Audited.",
          params: ZFileId,
          response: { 200: ZMessage, 403: ZError, 404: ZError },
        },
      },
      async (request) =>
        service.deleteFromLibrary(db, app.storage, requireAuth(request).userId, library, request.params.id),
    );
  }
}

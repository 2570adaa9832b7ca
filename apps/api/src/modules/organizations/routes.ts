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
  IMAGE_MAX_BYTES,
  ORGANIZATION_IMAGE_SIZE_MESSAGE,
  ORGANIZATION_UPDATED_MESSAGE,
  ZOrganizationImageSaved,
  ZOrganizationSettings,
  ZOrganizationSettingsSaved,
  ZOrganizationSettingsUpdate,
} from '@parity/domain/organization-settings';
import { AWAITING_APPROVAL_MESSAGE } from '@parity/domain/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { readOneFile } from '../../core/http/multipart';
import { sendFile } from '../../core/http/send-file';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const ZId = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const ZMessage = z.object({ message: z.string() });

const NOT_MULTIPART_MESSAGE = 'Send the file as multipart/form-data (part "file").';

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
        response: { 200: ZOrganizationDirectory, ...errorResponses(400, 403) },
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
          'A private or deleted organization answers 404 to anyone but its own approved members, ' +
          'platform admins and the organizations it has dealt with (a survey invitation, an exchange grant ' +
          'or request, either way). A caller not yet approved gets 403.',
        params: ZId,
        response: { 200: ZOrganizationPublic, ...errorResponses(403, 404) },
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
        response: { 200: ZOrganizationSettings, ...errorResponses(403, 404) },
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
        response: { 200: ZOrganizationSettingsSaved, ...errorResponses(400, 403, 404) },
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
          response: { 201: ZOrganizationImageSaved, ...errorResponses(400, 403, 404, 413, 415) },
        },
      },
      async (request, reply) => {
        const { userId } = requireAuth(request);
        const readFile = () =>
          readOneFile(request, {
            notMultipartMessage: NOT_MULTIPART_MESSAGE,
            tooLargeMessage: ORGANIZATION_IMAGE_SIZE_MESSAGE,
            fileSize: IMAGE_MAX_BYTES,
          });
        return reply.code(201).send(await service.uploadImage(db, app.storage, userId, which, readFile));
      },
    );

    app.get(
      `/api/organizations/:id/${which}`,
      {
        schema: {
          tags: space,
          summary: `The organization's ${which} image (inline)`,
          description:
            'Visible like the public page: a private or deleted organization answers 404 to anyone who may ' +
            'not know it. 404 when there is none.',
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
        response: { 200: ZOrganizationCode, ...errorResponses(403, 404) },
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
        response: { 200: ZOrganizationCode, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.rotateCode(db, requireAuth(request).userId, request.body),
  );

  const ZFileId = z.object({ id: z.uuid({ error: 'The file id is malformed.' }) });
  for (const library of ['files', 'media'] as const) {
    const what = library === 'files' ? 'documents' : 'images';
    const types = library === 'files' ? DOCUMENT_TYPES_MESSAGE : MEDIA_TYPES_MESSAGE;
    const limit = service.libraryLimit(library);
    const max = limit.fileSize;
    app.get(
      `/api/organizations/me/${library}`,
      {
        schema: {
          tags: space,
          summary: `The organization's ${what} (newest first, paginated)`,
          description: `limit 1-100 (default 30), offset. ${MEMBERS}`,
          querystring: ZFilesQuery,
          response: { 200: ZOrganizationFileList, ...errorResponses(400, 403, 404) },
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
          response: { 201: ZOrganizationFile, ...errorResponses(400, 403, 404, 413, 415) },
        },
      },
      async (request, reply) => {
        const { userId } = requireAuth(request);
        const readFile = () => readOneFile(request, { notMultipartMessage: NOT_MULTIPART_MESSAGE, ...limit });
        return reply
          .code(201)
          .send(await service.uploadToLibrary(db, app.storage, userId, library, readFile));
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
          response: { 200: ZMessage, ...errorResponses(403, 404) },
        },
      },
      async (request) =>
        service.deleteFromLibrary(db, app.storage, requireAuth(request).userId, library, request.params.id),
    );
  }
}

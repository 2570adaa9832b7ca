import {
  ZAcknowledgmentRequest,
  ZAttachmentList,
  ZHealthcheck,
  ZPublicAccount,
  ZTableauToken,
  ZUserAccount,
  ZUserAccountUpdate,
  ZUserDirectory,
  ZUserDirectoryQuery,
  ZUserSavedList,
  ZUserSavedRequest,
} from '@parity/domain/account';
import { IMAGE_MAX_BYTES, ORGANIZATION_IMAGE_SIZE_MESSAGE } from '@parity/domain/organization-settings';
import { AWAITING_APPROVAL_MESSAGE } from '@parity/domain/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fieldIssue } from '../../core/http/errors';
import { readMultipart, readOneFile } from '../../core/http/multipart';
import { requireAuth } from '../../plugins/auth';
import { readOwnFile, readUserImage, uploadUserImage } from './images';
import * as service from './service';

const ZId = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const FORM_OR_JSON = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * Form bodies (urlencoded or multipart fields) to the JSON shape: `name[]` and `name[0]` keys
 * become arrays. A multipart body must carry fields only.
 */
async function formToBody(request: FastifyRequest) {
  let body = request.body as Record<string, unknown> | undefined;
  if (request.isMultipart()) {
    const form = await readMultipart(request, { tooLargeMessage: 'Files are not accepted here.' });
    const file = form.files[0];
    if (file) throw fieldIssue(file.field, 'Files are not accepted here');
    body = form.fields;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const m = /^([a-z_]+)\[(\d*)\]$/i.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const name = m[1]!;
    const list = Array.isArray(out[name]) ? (out[name] as unknown[]) : [];
    out[name] = [...list, ...(Array.isArray(value) ? value : [value])];
  }
  request.body = out;
}

function sendFile(
  reply: FastifyReply,
  found: {
    stream: NodeJS.ReadableStream;
    file: { content_type: string; original_name: string; size: number };
  },
  inline: boolean,
) {
  const safeName = found.file.original_name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'file';
  return reply
    .header('content-type', found.file.content_type)
    .header('content-length', String(found.file.size))
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${safeName}"`)
    .header('cache-control', 'private, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .send(found.stream);
}

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jwtSecret = app.config.jwtSecret;
  if (!jwtSecret) throw new Error('jwtSecret is not configured');
  const db = app.db;
  const tags = ['users'];

  app.get(
    '/api/user-account',
    {
      schema: {
        tags,
        summary: "The caller's full account (spec 3 User account)",
        description:
          'Personal fields are wrapped as `{ value, is_private }` (personal_email, phone, mobile_phone, address, ' +
          'veteran, lgbt, is_generation_immigrant, is_disabled, gender_id, ethnicity_id, bio, start_date); ' +
          'every other field is plain. Pending users read their own account too.',
        response: { 200: ZUserAccount },
      },
    },
    // The profile the auth hook read with the session check: no other read.
    async (request) => service.toUserAccount(requireAuth(request).profile),
  );

  app.post(
    '/api/user-account/:id',
    {
      preValidation: formToBody,
      schema: {
        tags,
        summary: 'Update a profile (the owner, or a platform admin)',
        description:
          'JSON, urlencoded or multipart fields; booleans as 1/0, arrays as `languages[]`, `interests[]`, ' +
          "`private_fields[]` ('' clears a field or a list). A profile save needs name and lastname: 400 " +
          "'Please, populate required data: name, lastname' (the missing ones). A body of only two_fa_enabled " +
          'and/or private_fields is a settings change and needs neither. two_fa_enabled: the owner only (403). ' +
          "Another user's id answers 404. Answers the updated account.",
        consumes: FORM_OR_JSON,
        params: ZId,
        body: ZUserAccountUpdate,
        response: { 200: ZUserAccount, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.updateUserAccount(db, requireAuth(request).userId, request.params.id, request.body),
  );

  app.get(
    '/api/accounts/:id',
    {
      schema: {
        tags,
        summary: "Another user's public profile",
        description:
          "Private fields read 'Private', empty ones null ('No information' on the web); display_name drops the " +
          'last name when it is empty or private. Everything, the email too, to the person, platform admins and ' +
          'colleagues (approved members of the same organization; a pending one to its admins only). To another ' +
          'approved caller, without the email (null): an approved member of an organization the caller may know ' +
          '(as GET /api/users lists them), or someone listed in the community (a private organization the caller ' +
          'may not know then null). Anyone else, a pending caller, deleted and missing users: the same 404.',
        params: ZId,
        response: { 200: ZPublicAccount, ...errorResponses(404) },
      },
    },
    async (request) => service.getPublicAccount(db, requireAuth(request).userId, request.params.id),
  );

  app.get(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'The user directory (/users)',
        description:
          'Approved members of live organizations the caller may know (a private one only to its members, platform ' +
          'admins and the organizations it has dealt with), searched over name, lastname, email and organization name, ' +
          `sorted by name. limit 1-100 (default 30). A caller not yet approved gets 403 '${AWAITING_APPROVAL_MESSAGE}'.`,
        querystring: ZUserDirectoryQuery,
        response: { 200: ZUserDirectory, ...errorResponses(403) },
      },
    },
    async (request) => service.listUsers(db, requireAuth(request).userId, request.query),
  );

  app.post(
    '/api/users/image',
    {
      schema: {
        tags,
        summary: "Upload the caller's profile image",
        description:
          'multipart/form-data with one part `file`: PNG, JPEG or WebP (checked by its bytes and its name), at ' +
          'most 5 MB (413 above). Stored under a generated name; replaces the previous image. Answers 201.',
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ image: z.string(), image_url: z.string() }),
          ...errorResponses(400, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const userId = requireAuth(request).userId;
      const part = await readOneFile(request, {
        notMultipartMessage: 'Send the image as multipart/form-data.',
        tooLargeMessage: ORGANIZATION_IMAGE_SIZE_MESSAGE,
        fileSize: IMAGE_MAX_BYTES,
      });
      const result = await uploadUserImage(db, app.storage, userId, part);
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/api/users/:id/image/1',
    {
      schema: {
        tags,
        summary: "A user's profile image (blob, inline)",
        description:
          'Any approved member (the avatars of pods, the community and lists), a pending user their own. 404 when ' +
          'the user has no image.',
        params: ZId,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await readUserImage(db, app.storage, requireAuth(request).userId, request.params.id),
        true,
      ),
  );

  app.get(
    '/api/files/:id',
    {
      schema: {
        tags,
        summary: "One of the caller's uploaded files (attachment)",
        description:
          'The file’s bytes with its content type, to its owner only; another user’s file answers 404.',
        params: z.strictObject({ id: z.uuid() }),
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await readOwnFile(db, app.storage, requireAuth(request).userId, request.params.id),
        false,
      ),
  );

  app.post(
    '/api/acknowledgment',
    {
      schema: {
        tags,
        summary: 'Record that the caller has seen a notice (idempotent)',
        description:
          'Stores that the caller acknowledged a notice (e.g. the terms); sending it again changes nothing.',
        body: ZAcknowledgmentRequest,
        response: { 200: z.object({ acknowledgements: z.array(z.string()) }) },
      },
    },
    async (request) => service.acknowledge(db, requireAuth(request).userId, request.body.type),
  );

  app.get(
    '/api/user-saved',
    {
      schema: {
        tags,
        summary: "The caller's saved organizations and surveys (bookmarks)",
        description: 'The caller’s own bookmarks, newest first; nobody else’s are ever listed.',
        response: { 200: ZUserSavedList },
      },
    },
    async (request) => service.listSaved(db, requireAuth(request).userId),
  );

  app.post(
    '/api/user-saved',
    {
      schema: {
        tags,
        summary: 'Save an organization or a survey (idempotent)',
        description:
          "Allowed accounts only (403 otherwise). An organization must exist and be public or the caller's own " +
          '(404). Survey ids are not checked until the surveys module exists. Answers the list.',
        body: ZUserSavedRequest,
        response: { 200: ZUserSavedList, ...errorResponses(403, 404) },
      },
    },
    async (request) =>
      service.saveItem(db, requireAuth(request).userId, request.body.kind, request.body.ref_id),
  );

  app.delete(
    '/api/user-saved',
    {
      schema: {
        tags,
        summary: 'Remove a saved item (idempotent): ?kind=organization&ref_id=5',
        description:
          'Removes one of the caller’s own bookmarks, named by kind and ref_id; an unknown one is already gone (204).',
        querystring: ZUserSavedRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.unsaveItem(db, requireAuth(request).userId, request.query.kind, request.query.ref_id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/account-attachments-detailed',
    {
      schema: {
        tags,
        summary: "The caller's uploaded files",
        description:
          'The files the caller uploaded (profile attachments), with their sizes and download paths.',
        response: { 200: ZAttachmentList },
      },
    },
    async (request) => service.listAttachments(db, requireAuth(request).userId),
  );

  app.get(
    '/api/user/healthcheck',
    {
      schema: {
        tags,
        summary: 'Profile completeness: which of name, last name, title and image are missing',
        description:
          'Any signed-in caller, about their own profile: complete when none of name, lastname, title and image ' +
          'is empty; missing lists the empty ones in that order. The web shows a prompt to complete the profile.',
        response: { 200: ZHealthcheck },
      },
    },
    async (request) => service.healthcheck(db, requireAuth(request).userId),
  );

  app.get(
    '/api/tableau/token',
    {
      schema: {
        tags,
        summary: "A short-lived token for the BI tool, and the tool's address carrying it",
        description:
          'An HS256 JWT, 5 minutes: iss parity, aud parity-analytics, sub the user id, org the organization id ' +
          '(null for a platform admin without one). Not an API access token. url: ANALYTICS_URL with {token} ' +
          'replaced by the token, or with a token query parameter. Survey hosts and platform admins only (403); ' +
          '404 analytics_not_configured while ANALYTICS_URL is unset.',
        response: { 200: ZTableauToken, ...errorResponses(403, 404) },
      },
    },
    async (request) =>
      service.analyticsToken(db, jwtSecret, app.config.analyticsUrl, requireAuth(request).userId),
  );
}

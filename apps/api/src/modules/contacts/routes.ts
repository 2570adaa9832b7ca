import { ZContact, ZContactInput, ZContactList, ZContactsQuery } from '@parity/domain/organization-contacts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const ZId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const MEMBERS = "Approved members of the caller's organization read (pending 403, no organization 404).";
const ADMINS =
  "Approved admins of the caller's organization (a plain or pending member 403, no organization 404); " +
  "another organization's contact 404. Audited.";
const BODY =
  'Body {name (required, 255), email (required, valid), phone (optional, valid for its country: ' +
  "'+1 202 555 0143' or the national form), title (optional, 255)}; 400 validation_failed names the field.";

export default async function contactsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['organization space'];

  app.get(
    '/api/organizations/me/contacts',
    {
      schema: {
        tags,
        summary: "The organization's external contacts (whom a host invites to a survey)",
        description: `search over name, email and title; limit 30 (default) or 60; offset; sorted by name. ${MEMBERS}`,
        querystring: ZContactsQuery,
        response: { 200: ZContactList, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.listContacts(db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/organizations/me/contacts/:id',
    {
      schema: {
        tags,
        summary: 'One external contact of the organization',
        description: `Another organization's contact 404. ${MEMBERS}`,
        params: ZId,
        response: { 200: ZContact, ...errorResponses(403, 404) },
      },
    },
    async (request) => service.getContact(db, requireAuth(request).userId, request.params.id),
  );

  app.post(
    '/api/organizations/me/contacts',
    {
      schema: {
        tags,
        summary: 'Add an external contact (admins)',
        description: `${BODY} ${ADMINS}`,
        body: ZContactInput,
        response: { 201: ZContact, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createContact(db, requireAuth(request).userId, request.body)),
  );

  app.put(
    '/api/organizations/me/contacts/:id',
    {
      schema: {
        tags,
        summary: 'Change an external contact (admins)',
        description: `${BODY} ${ADMINS}`,
        params: ZId,
        body: ZContactInput,
        response: { 200: ZContact, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.updateContact(db, requireAuth(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/api/organizations/me/contacts/:id',
    {
      schema: {
        tags,
        summary: 'Delete an external contact (admins)',
        description: ADMINS,
        params: ZId,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(403, 404) },
      },
    },
    async (request) => service.deleteContact(db, requireAuth(request).userId, request.params.id),
  );
}

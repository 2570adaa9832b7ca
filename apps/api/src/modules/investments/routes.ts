import {
  managerSearchQuerySchema,
  portfolioEntryCreateSchema,
  portfolioEntryPatchSchema,
  portfolioListQuerySchema,
  rollupQuerySchema,
  ZManagerCandidates,
  ZPortfolioEntry,
  ZPortfolioList,
  ZRollup,
} from '@parity/domain/investments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { sendAttachment } from '../../core/http/send-file';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const ZEntryParams = z.strictObject({ entryId: z.coerce.number().int().positive().max(2_147_483_647) });

const MEMBERS =
  "The caller's own organization is the investor: its approved members; awaiting approval 403; no organization 404.";
const ADMINS =
  "Admins (manage_settings) of the caller's organization, the investor; other members 403; no organization 404.";
const SHARING =
  "A manager's scores and staff count only while it has a live exchange grant to the investor; otherwise the entry says shared: false.";

/** Investments (issue 18): an investor organization's portfolio of managers, their scores and roll-up. */
export default async function investmentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['investments'];

  app.get(
    '/api/investments',
    {
      schema: {
        tags,
        summary: 'The portfolio: funds by manager with each manager’s latest shared scores',
        description: `Sortable (manager, fund, vintage, commitment, lpi, submitted) and filterable (q, asset_class, vintage, shared). ${SHARING} ${MEMBERS}`,
        querystring: portfolioListQuerySchema,
        response: { 200: ZPortfolioList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.listPortfolio(db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/investments/rollup',
    {
      schema: {
        tags,
        summary: 'The portfolio roll-up: staff by gender and by race/ethnicity across the sharing managers',
        description:
          'weighted=no: head counts (people); weighted=yes: each manager’s shares weighted by its commitment (%), ' +
          '409 when the commitments are in several currencies. A group reported by fewer than 3 managers is suppressed. ' +
          `${SHARING} ${MEMBERS}`,
        querystring: rollupQuerySchema,
        response: { 200: ZRollup, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.portfolioRollup(db, requireAuth(request).userId, request.query.weighted === 'yes'),
  );

  app.get(
    '/api/investments/export.xlsx',
    {
      schema: {
        tags,
        summary: 'Download the portfolio and its roll-up as an .xlsx workbook',
        description: `Sheets Portfolio and Roll-up, named parity-investments-{YYYY-MM-DD}.xlsx (UTC day); cells that a spreadsheet would read as formulas are neutralised. ${ADMINS}`,
        querystring: rollupQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const file = await service.exportPortfolio(
        db,
        requireAuth(request).userId,
        request.query.weighted === 'yes',
      );
      return sendAttachment(reply, {
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ...file,
      });
    },
  );

  app.get(
    '/api/investments/managers',
    {
      schema: {
        tags,
        summary: 'Organizations the investor may add as managers',
        description: `Public organizations and those sharing with the investor, by name (q); a private one is added by its organization code. ${ADMINS}`,
        querystring: managerSearchQuerySchema,
        response: { 200: ZManagerCandidates, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.searchManagers(db, requireAuth(request).userId, request.query),
  );

  app.post(
    '/api/investments',
    {
      schema: {
        tags,
        summary: 'Add a fund of a manager to the portfolio',
        description: `The manager by manager_organization_id (a candidate) or organization_code; an unknown or hidden organization 404. ${ADMINS}`,
        body: portfolioEntryCreateSchema,
        response: { 201: ZPortfolioEntry, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createEntry(db, requireAuth(request).userId, request.body)),
  );

  app.patch(
    '/api/investments/:entryId',
    {
      schema: {
        tags,
        summary: 'Edit a fund: name, vintage, commitment, currency, asset class',
        description: `Another organization's entry 404. ${ADMINS}`,
        params: ZEntryParams,
        body: portfolioEntryPatchSchema,
        response: { 200: ZPortfolioEntry, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateEntry(db, requireAuth(request).userId, request.params.entryId, request.body),
  );

  app.delete(
    '/api/investments/:entryId',
    {
      schema: {
        tags,
        summary: 'Remove a fund from the portfolio',
        description: `Another organization's entry 404. ${ADMINS}`,
        params: ZEntryParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteEntry(db, requireAuth(request).userId, request.params.entryId);
      return reply.code(204).send(null);
    },
  );
}

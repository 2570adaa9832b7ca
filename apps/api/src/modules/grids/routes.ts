import {
  GRID_MAX_VALUE,
  type TGrid,
  type THistoricalGrids,
  type TTypedGrids,
  ZGridResponse,
  ZGridSave,
  ZHistoricalGridsResponse,
  ZHistoricalSave,
  ZMeGridQuery,
  ZTypedGridSave,
  ZTypedGridsResponse,
} from '@parity/domain/lpi/grids';
import { STALE_SAVE_MESSAGE, ZGridScopeQuery, ZMeScopeQuery, ZScopeQuery } from '@parity/domain/lpi/tabs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';
import './tab';

const ZError = z.object({ message: z.string(), error: z.string(), detail: z.unknown().optional() });
const errors = { 400: ZError, 403: ZError, 404: ZError };
const saveErrors = { ...errors, 409: ZError };

const READ_RIGHTS =
  "Without organization_id: the caller's own organization (with survey_id: its copy in that survey, made on " +
  "the first read). The organization's members read; a survey's host reads an invited respondent's copy " +
  '(read-only); platform admins read; anyone else gets 404.';
const SAVE_RULES =
  `Replaces the whole grid of the scope (rows left out count as 0). Counts are whole numbers from 0 to ` +
  `${GRID_MAX_VALUE}; unknown race/ethnicity or gender ids, duplicates and other bad input answer 400 naming ` +
  `the field. Needs LPI access (403); a submitted survey response is frozen (403). updated_at is the state the ` +
  `edit was based on (null if never saved): a stale one answers 409 '${STALE_SAVE_MESSAGE}'. Each save stores a version.`;

/** The grid tabs of the LPI profile: staff, historical insights, investment staff and committee (spec 7). */
export default async function gridsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['reporting grids'];

  // --- staff (Total Full-Time Employees) ---------------------------------------------------------

  app.get(
    '/api/organization/me/staff',
    {
      schema: {
        tags,
        summary: "The caller's organization's staff grid (us_based=true: the US-based one)",
        description: READ_RIGHTS,
        querystring: ZMeGridQuery,
        response: { 200: ZGridResponse, ...errors },
      },
    },
    async (request) =>
      service.read<TGrid>(
        db,
        requireAuth(request).userId,
        service.tabOf('staff', request.query.us_based),
        request.query,
      ),
  );

  app.get(
    '/api/staff',
    {
      schema: {
        tags,
        summary: "An organization's staff grid, or its survey copy",
        description: READ_RIGHTS,
        querystring: ZGridScopeQuery,
        response: { 200: ZGridResponse, ...errors },
      },
    },
    async (request) =>
      service.read<TGrid>(
        db,
        requireAuth(request).userId,
        service.tabOf('staff', request.query.us_based),
        request.query,
      ),
  );

  for (const usBased of [false, true]) {
    app.put(
      usBased ? '/api/staff/save/us-based' : '/api/staff/save',
      {
        schema: {
          tags,
          summary: usBased ? 'Save the US-based staff grid' : 'Save the staff grid',
          description: SAVE_RULES,
          body: ZGridSave,
          response: { 200: ZGridResponse, ...saveErrors },
        },
      },
      async (request) =>
        service.saveSimpleGrid(
          db,
          requireAuth(request).userId,
          service.tabOf('staff', usBased),
          request.body,
        ),
    );
  }

  // --- historical insights ---------------------------------------------------------------------

  app.get(
    '/api/organization/me/historical-insights',
    {
      schema: {
        tags,
        summary:
          "The caller's organization's historical insights (hires, promotions, attrition of the past 3 years)",
        description: `${READ_RIGHTS} The years are the 3 full years before this year, or before the survey's start year.`,
        querystring: ZMeScopeQuery,
        response: { 200: ZHistoricalGridsResponse, ...errors },
      },
    },
    async (request) =>
      service.read<THistoricalGrids>(db, requireAuth(request).userId, 'insights', request.query),
  );

  app.get(
    '/api/organization/historical-insights',
    {
      schema: {
        tags,
        summary: "An organization's historical insights, or its survey copy",
        description: READ_RIGHTS,
        querystring: ZScopeQuery,
        response: { 200: ZHistoricalGridsResponse, ...errors },
      },
    },
    async (request) =>
      service.read<THistoricalGrids>(db, requireAuth(request).userId, 'insights', request.query),
  );

  app.put(
    '/api/organization/historical-insights',
    {
      schema: {
        tags,
        summary: 'Save the historical insights',
        description: `${SAVE_RULES} Years other than the scope's past 3 full years and types other than 1-3 answer 400.`,
        body: ZHistoricalSave,
        response: { 200: ZHistoricalGridsResponse, ...saveErrors },
      },
    },
    async (request) => service.saveHistorical(db, requireAuth(request).userId, request.body),
  );

  // --- investment staff and committee -----------------------------------------------------------

  const typed = [
    {
      family: 'investment',
      me: '/api/organization/me/investment-staff',
      path: '/api/investment-staff',
      title: 'investment staff',
    },
    {
      family: 'committee',
      me: '/api/organization/me/investment-committee',
      path: '/api/investment-committee',
      title: 'investment committee',
    },
  ] as const;

  for (const { family, me, path, title } of typed) {
    app.get(
      me,
      {
        schema: {
          tags,
          summary: `The caller's organization's ${title} (senior and junior grids; us_based=true: US-based)`,
          description: READ_RIGHTS,
          querystring: ZMeGridQuery,
          response: { 200: ZTypedGridsResponse, ...errors },
        },
      },
      async (request) =>
        service.read<TTypedGrids>(
          db,
          requireAuth(request).userId,
          service.tabOf(family, request.query.us_based),
          request.query,
        ),
    );

    app.get(
      path,
      {
        schema: {
          tags,
          summary: `An organization's ${title}, or its survey copy`,
          description: READ_RIGHTS,
          querystring: ZGridScopeQuery,
          response: { 200: ZTypedGridsResponse, ...errors },
        },
      },
      async (request) =>
        service.read<TTypedGrids>(
          db,
          requireAuth(request).userId,
          service.tabOf(family, request.query.us_based),
          request.query,
        ),
    );

    for (const usBased of [false, true]) {
      app.put(
        usBased ? `${path}/save/us-based` : `${path}/save`,
        {
          schema: {
            tags,
            summary: `Save the ${usBased ? 'US-based ' : ''}${title}`,
            description: `${SAVE_RULES} Rows carry type_id 1 (senior) or 2 (junior); survey_id may be given per row (all the same).`,
            body: ZTypedGridSave,
            response: { 200: ZTypedGridsResponse, ...saveErrors },
          },
        },
        async (request) =>
          service.saveTypedGrids(
            db,
            requireAuth(request).userId,
            service.tabOf(family, usBased),
            request.body,
          ),
      );
    }
  }
}

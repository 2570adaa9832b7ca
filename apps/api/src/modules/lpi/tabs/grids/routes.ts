import {
  GRID_MAX_VALUE,
  type TGridSave,
  type THistoricalSave,
  type TMeGridQuery,
  type TTypedGridSave,
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
import { tabRoutes } from '../../engine/tab-routes';
import { GRID_TABS } from './definition';
import * as service from './service';

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
export default async function gridsRoutes(app: FastifyInstance) {
  const tags = ['reporting grids'];

  // --- staff (Total Full-Time Employees) ---------------------------------------------------------

  tabRoutes(app, {
    tags,
    response: ZGridResponse,
    tab: (query: { us_based?: boolean }) => GRID_TABS[service.tabOf('staff', query.us_based)],
    me: {
      url: '/api/organization/me/staff',
      summary: "The caller's organization's staff grid (us_based=true: the US-based one)",
      description: READ_RIGHTS,
      querystring: ZMeGridQuery,
      own: service.readOwnStaffTab,
    },
    scoped: {
      url: '/api/staff',
      summary: "An organization's staff grid, or its survey copy",
      description: READ_RIGHTS,
      querystring: ZGridScopeQuery,
    },
    saves: [false, true].map((usBased) => {
      const tab = service.tabOf('staff', usBased);
      return {
        method: 'PUT' as const,
        url: usBased ? '/api/staff/save/us-based' : '/api/staff/save',
        summary: usBased ? 'Save the US-based staff grid' : 'Save the staff grid',
        description: SAVE_RULES,
        tab: GRID_TABS[tab],
        body: ZGridSave,
        write: (db, scope, body: TGridSave) => service.simpleGridWrite(db, scope, tab, body),
      };
    }),
  });

  // --- historical insights ---------------------------------------------------------------------

  tabRoutes(app, {
    tags,
    response: ZHistoricalGridsResponse,
    tab: () => GRID_TABS.insights,
    me: {
      url: '/api/organization/me/historical-insights',
      summary:
        "The caller's organization's historical insights (hires, promotions, attrition of the past 3 years)",
      description: `${READ_RIGHTS} The years are the 3 full years before this year, or before the survey's start year.`,
      querystring: ZMeScopeQuery,
    },
    scoped: {
      url: '/api/organization/historical-insights',
      summary: "An organization's historical insights, or its survey copy",
      description: READ_RIGHTS,
      querystring: ZScopeQuery,
    },
    saves: [
      {
        method: 'PUT',
        url: '/api/organization/historical-insights',
        summary: 'Save the historical insights',
        description: `${SAVE_RULES} Years other than the scope's past 3 full years and types other than 1-3 answer 400.`,
        tab: GRID_TABS.insights,
        body: ZHistoricalSave,
        write: (db, scope, body: THistoricalSave) => service.historicalWrite(db, scope, body),
      },
    ],
  });

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
    tabRoutes<TTypedGrids, TMeGridQuery>(app, {
      tags,
      response: ZTypedGridsResponse,
      tab: (query) => GRID_TABS[service.tabOf(family, query.us_based)],
      me: {
        url: me,
        summary: `The caller's organization's ${title} (senior and junior grids; us_based=true: US-based)`,
        description: READ_RIGHTS,
        querystring: ZMeGridQuery,
      },
      scoped: {
        url: path,
        summary: `An organization's ${title}, or its survey copy`,
        description: READ_RIGHTS,
        querystring: ZGridScopeQuery,
      },
      saves: [false, true].map((usBased) => {
        const tab = service.tabOf(family, usBased);
        return {
          method: 'PUT' as const,
          url: usBased ? `${path}/save/us-based` : `${path}/save`,
          summary: `Save the ${usBased ? 'US-based ' : ''}${title}`,
          description: `${SAVE_RULES} Rows carry type_id 1 (senior) or 2 (junior); survey_id may be given per row (all the same).`,
          tab: GRID_TABS[tab],
          body: ZTypedGridSave,
          surveyId: service.typedGridSurvey,
          write: (db, scope, body: TTypedGridSave) => service.typedGridsWrite(db, scope, tab, body),
        };
      }),
    });
  }
}

import type { FastifyInstance } from 'fastify';
import reportingRoutes from './reporting/routes';
import gridsRoutes from './tabs/grids/routes';
import overviewRoutes from './tabs/overview/routes';
import ownershipRoutes from './tabs/ownership/routes';
import policiesRoutes from './tabs/policies/routes';

/** The LPI profile: every tab's routes and the reporting routes (versions, states, titles, submit). */
export default async function lpiRoutes(app: FastifyInstance) {
  for (const routes of [overviewRoutes, gridsRoutes, ownershipRoutes, policiesRoutes, reportingRoutes]) {
    await routes(app);
  }
}

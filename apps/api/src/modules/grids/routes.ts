import type { FastifyInstance } from 'fastify';

/** The grids tabs of the LPI profile: being built in this session. */
export default async function gridsRoutes(_fastify: FastifyInstance) {}

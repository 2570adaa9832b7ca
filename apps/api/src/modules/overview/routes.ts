import type { FastifyInstance } from 'fastify';

/** The overview tabs of the LPI profile: being built in this session. */
export default async function overviewRoutes(_fastify: FastifyInstance) {}

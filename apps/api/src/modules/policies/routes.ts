import type { FastifyInstance } from 'fastify';

/** The policies tabs of the LPI profile: being built in this session. */
export default async function policiesRoutes(_fastify: FastifyInstance) {}

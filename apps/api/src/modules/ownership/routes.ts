import type { FastifyInstance } from 'fastify';

/** The ownership tabs of the LPI profile: being built in this session. */
export default async function ownershipRoutes(_fastify: FastifyInstance) {}

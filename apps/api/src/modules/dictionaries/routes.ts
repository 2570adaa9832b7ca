import type { FastifyInstance } from 'fastify';

export default async function dictionariesRoutes(_app: FastifyInstance) {}

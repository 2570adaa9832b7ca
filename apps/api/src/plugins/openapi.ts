import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the route schemas, browsable at /api/docs, raw at /api/docs/openapi.json. */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parity API',
        version: '1.0.0',
        description:
          'Diversity, equity and inclusion reporting and surveys. Authenticate with POST /api/oauth/token/ ' +
          '(password grant, client_id parity-web) and send the access token as `Authorization: Bearer <token>`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(scalar, {
    routePrefix: '/api/docs',
    configuration: { title: 'Parity API' },
  });
}

export default fp(openapiPlugin, { name: 'openapi' });

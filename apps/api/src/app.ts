import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import accountsModule from './modules/accounts/routes';
import analyticsModule from './modules/analytics/routes';
import auditModule from './modules/audit/routes';
import authModule from './modules/auth/routes';
import contactsModule from './modules/contacts/routes';
import dictionariesModule from './modules/dictionaries/routes';
import feedbackModule from './modules/feedback/routes';
import gridsModule from './modules/grids/routes';
import healthModule from './modules/health/routes';
import membersModule from './modules/members/routes';
import organizationsModule from './modules/organizations/routes';
import overviewModule from './modules/overview/routes';
import ownershipModule from './modules/ownership/routes';
import placesModule from './modules/places/routes';
import policiesModule from './modules/policies/routes';
import reportingModule from './modules/reporting/routes';
import settingsModule from './modules/settings/routes';
import signupModule from './modules/signup/routes';
import surveyExportModule from './modules/survey-export/routes';
import surveyHostingModule from './modules/survey-hosting/routes';
import surveyParticipantsModule from './modules/survey-participants/routes';
import surveysModule from './modules/surveys/routes';
import usersModule from './modules/users/routes';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import mailerPlugin from './plugins/mailer';
import openapiPlugin from './plugins/openapi';
import rateLimitPlugin from './plugins/rate-limit';
import { responseSerializer } from './plugins/response-serializer';
import securityHeadersPlugin from './plugins/security-headers';
import storagePlugin from './plugins/storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database['db'];
  }
}

export type App = FastifyInstance;

/** JSON bodies over 1 MB are refused with 413 (uploads use multipart with their own limits). */
const BODY_LIMIT = 1024 * 1024;

/** Builds the HTTP app over an open, migrated database. Nothing happens on import. */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'body.password'] },
    bodyLimit: BODY_LIMIT,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // The API reference page boots with an inline script; it shows no user content.
    if (request.url.startsWith('/api/docs')) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header(
          'content-security-policy',
          csp.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
        );
      }
    }
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables and component styles inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The phone input asks IP_COUNTRY_URL for the visitor's country from the browser.
        connectSrc: ["'self'", ...(config.ipCountryUrl ? [new URL(config.ipCountryUrl).origin] : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // TLS is terminated in front of the app; plain-HTTP installs (localhost) must still load.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // CORS is closed unless CORS_ORIGINS names the origins that may call the API.
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false });
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(mailerPlugin);
  await app.register(rateLimitPlugin);
  await app.register(storagePlugin);

  await app.register(healthModule);
  await app.register(settingsModule);
  await app.register(authModule);
  await app.register(accountsModule);
  await app.register(usersModule);
  await app.register(dictionariesModule);
  await app.register(signupModule);
  await app.register(membersModule);
  await app.register(feedbackModule);
  await app.register(organizationsModule);
  await app.register(auditModule);
  await app.register(contactsModule);
  await app.register(reportingModule);
  await app.register(surveysModule);
  await app.register(surveyHostingModule);
  await app.register(surveyParticipantsModule);
  await app.register(surveyExportModule);
  await app.register(analyticsModule);
  await app.register(overviewModule);
  await app.register(gridsModule);
  await app.register(ownershipModule);
  await app.register(policiesModule);
  await app.register(placesModule);

  registerWebApp(app, config);
  return app;
}

/** Serves the built SPA for every non-API path, so client-side routes (and /404) work on reload. */
function registerWebApp(app: FastifyInstance, config: Config) {
  const webDist = config.webDist ?? path.resolve(import.meta.dirname, '../../web/dist');
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api') && hasWeb;
    if (wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDist);
    }
    return reply
      .code(404)
      .send({ message: `Route ${request.method} ${pathname} not found.`, error: 'not_found' });
  });
}

import path from 'node:path';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { redactError, redactUrl } from './core/http/redact';
import { parseJsonBodies, refuseUnstorableInRequests } from './core/http/storable-input';
import { JobRunner } from './core/jobs/runner';
import type { Database } from './db/client';
import accountsModule from './modules/accounts/routes';
import adminClientsModule from './modules/admin/clients/routes';
import adminCodesModule from './modules/admin/codes/routes';
import adminDashboardModule from './modules/admin/dashboard/routes';
import adminFeedbackModule from './modules/admin/feedback/routes';
import adminOrganizationsModule from './modules/admin/organizations/routes';
import adminReportsModule from './modules/admin/reports/routes';
import adminUsersModule from './modules/admin/users/routes';
import analyticsModule from './modules/analytics/routes';
import auditModule from './modules/audit/routes';
import authModule from './modules/auth/routes';
import calendarModule from './modules/calendar/routes';
import communityModule from './modules/community/routes';
import contactsModule from './modules/contacts/routes';
import dataPortabilityModule from './modules/data-portability/routes';
import dictionariesModule from './modules/dictionaries/routes';
import exchangeModule from './modules/exchange/routes';
import faqModule from './modules/faq/routes';
import feedbackModule from './modules/feedback/routes';
import healthModule from './modules/health/routes';
import investmentsModule from './modules/investments/routes';
import lpiModule from './modules/lpi/routes';
import membersModule from './modules/members/routes';
import notificationsModule from './modules/notifications/routes';
import organizationsModule from './modules/organizations/routes';
import placesModule from './modules/places/routes';
import podsModule from './modules/pods/routes';
import searchModule from './modules/search/routes';
import settingsModule, { refuseWritesDuringMaintenance } from './modules/settings/routes';
import signupModule from './modules/signup/routes';
import supportModule from './modules/support/routes';
import surveyExportModule from './modules/survey-export/routes';
import surveyHostingModule from './modules/survey-hosting/routes';
import surveyParticipantsModule from './modules/survey-participants/routes';
import surveysModule from './modules/surveys/routes';
import usageEventsModule from './modules/usage-events/routes';
import usersModule from './modules/users/routes';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import gracefulClosePlugin from './plugins/graceful-close';
import mailerPlugin from './plugins/mailer';
import metricsPlugin from './plugins/metrics';
import openapiPlugin from './plugins/openapi';
import rateLimitPlugin from './plugins/rate-limit';
import { responseSerializer } from './plugins/response-serializer';
import securityHeadersPlugin, { allowScriptSources } from './plugins/security-headers';
import storagePlugin from './plugins/storage';
import webAppPlugin from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database['db'];
    /** The durable job runner: modules register their jobs here; main.ts starts it. */
    jobs: JobRunner;
  }
}

export type App = FastifyInstance;

/** JSON bodies over 1 MB are refused with 413 (uploads use multipart with their own limits). */
const BODY_LIMIT = 1024 * 1024;

/**
 * Builds the HTTP app over an open, migrated database. Nothing happens on import. The log goes to
 * stdout, or to `logStream` (tests read it).
 */
export async function buildApp(
  config: Config,
  database: Database,
  options: { logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'body.password'],
            serializers: {
              // Fastify's request fields, with the secret of a mailed link (in the path) hidden.
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
              ...(config.production ? { err: redactError } : {}),
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
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
  const jobs = new JobRunner(database.db, { log: app.log });
  app.decorate('jobs', jobs);
  // A started runner takes no new job and finishes the running ones before the plugins (the
  // mailer's SMTP transport) and the database close.
  app.addHook('preClose', () => jobs.stop());
  // JSON nested too deep is refused before it is parsed; text PostgreSQL refuses, before validation.
  parseJsonBodies(app);
  refuseUnstorableInRequests(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // The API reference page boots with an inline script; it shows no user content.
    if (request.url.startsWith('/api/docs')) allowScriptSources(reply, "'unsafe-inline'");
  });

  await app.register(errorsPlugin);
  // Before every route: its request hook counts them all, the 404s included.
  await app.register(metricsPlugin, {
    poolStats: database.poolStats,
    processMetrics: config.metricsToken !== undefined,
  });
  await app.register(gracefulClosePlugin);
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
  refuseWritesDuringMaintenance(app);
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
  await app.register(adminDashboardModule);
  await app.register(adminUsersModule);
  await app.register(adminFeedbackModule);
  await app.register(adminCodesModule);
  await app.register(adminClientsModule);
  await app.register(adminReportsModule);
  await app.register(adminOrganizationsModule);
  await app.register(organizationsModule);
  await app.register(auditModule);
  await app.register(contactsModule);
  await app.register(lpiModule);
  await app.register(surveysModule);
  await app.register(surveyHostingModule);
  await app.register(surveyParticipantsModule);
  await app.register(surveyExportModule);
  await app.register(analyticsModule);
  await app.register(placesModule);
  await app.register(searchModule);
  await app.register(usageEventsModule);
  await app.register(notificationsModule, { listen: database.listen, jobs });
  await app.register(calendarModule, { jobs });
  await app.register(podsModule, { jobs });
  await app.register(communityModule);
  await app.register(supportModule, { jobs });
  await app.register(faqModule);
  await app.register(investmentsModule);
  await app.register(exchangeModule);
  await app.register(dataPortabilityModule);

  // WEB_DIST, else the web app's build beside this file (apps/api/src or apps/api/dist).
  await app.register(webAppPlugin, {
    webDist: config.webDist ?? path.resolve(import.meta.dirname, '../../web/dist'),
  });
  return app;
}

import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { operationIdOf } from './operation-id';

/**
 * Every tag an operation may carry, declared once so that generated clients and the reference
 * group operations by them (a route with an undeclared tag fails the OpenAPI lint test).
 */
export const API_TAGS = [
  { name: 'platform', description: 'Health and the maintenance status.' },
  { name: 'auth', description: 'Sign-in, tokens, two-factor codes, passwords and the end of a session.' },
  { name: 'accounts', description: 'The signed-in account’s status.' },
  { name: 'users', description: 'User profiles, avatars, saved items and attachments.' },
  { name: 'dictionaries', description: 'Reference data (genders, ethnicities, titles...), cacheable.' },
  {
    name: 'signup',
    description: 'Sign-up, e-mail verification, joining or creating an organization, invitations.',
  },
  { name: 'members', description: 'An organization’s members, their approval and permissions.' },
  { name: 'feedback', description: 'Users’ ratings and comments on the product.' },
  {
    name: 'admin',
    description:
      'The platform administrators’ console (401 anonymous, 403 anyone else): figures, settings and management.',
  },
  { name: 'organizations', description: 'The organizations directory and public organization pages.' },
  {
    name: 'organization space',
    description: 'An organization’s own settings, files, media, contacts and feed.',
  },
  {
    name: 'reporting',
    description: 'The LPI profile: overview, forms, versions, tab states and submission.',
  },
  {
    name: 'reporting grids',
    description: 'The LPI’s staff, historical, investment staff and committee grids.',
  },
  { name: 'ownership', description: 'The LPI’s ownership, senior leadership and board.' },
  { name: 'policies', description: 'The LPI’s policies and their attachments.' },
  {
    name: 'surveys',
    description: 'Taking a survey: invitations, steps, completion, submission and exports.',
  },
  { name: 'survey hosting', description: 'Creating and running survey requests.' },
  {
    name: 'survey participants',
    description: 'A hosted survey’s invitations, contacts, reminders, labels and rates.',
  },
  {
    name: 'analytics',
    description: 'Scores (LPI, evenness) of organizations and surveys, with their breakdowns.',
  },
  { name: 'places', description: 'Address search.' },
  {
    name: 'calendar',
    description: 'Events, their occurrences, attendees and files; .ics downloads, personal feeds, reminders.',
  },
  {
    name: 'pods',
    description:
      'Peer groups across organizations: members, join requests, invitations, the feed, files, pod events, mail preferences.',
  },
  {
    name: 'investments',
    description:
      'An investor organization’s portfolio of managers, their shared scores, the staff roll-up and its .xlsx export.',
  },
  {
    name: 'exchange',
    description:
      'Consent-based sharing of an organization’s submitted LPI profile with investors: grants, revocations, the view log, shared profiles and access requests.',
  },
  {
    name: 'notifications',
    description:
      'A user’s notifications, their unread count, live stream (server-sent events) and delivery preferences.',
  },
  {
    name: 'search',
    description: 'One search across organizations, people, surveys, documents and policies, by rights.',
  },
  { name: 'usage', description: 'The web client’s usage events, checked and kept in the audit log.' },
  {
    name: 'community',
    description:
      'The people and organizations who chose to be listed, by interests and tags; follows; platform announcements.',
  },
  {
    name: 'support',
    description: 'Help articles, and support requests with their answers, status and attachment.',
  },
  {
    name: 'faq',
    description: 'Frequently asked questions by topic (public), edited by platform administrators.',
  },
];

/** OpenAPI generated from the route schemas, browsable at /api/docs, raw at /api/docs/openapi.json. */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parity API',
        version: '1.0.0',
        description:
          'Diversity, equity and inclusion reporting and surveys. Authenticate with POST /api/oauth/token ' +
          '(password grant, client_id parity-web) and send the access token as `Authorization: Bearer <token>`.',
        contact: { name: 'Parity', url: app.config.publicUrl },
      },
      servers: [{ url: app.config.publicUrl, description: 'This Parity server' }],
      tags: API_TAGS,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The sign-up steps' proof from the verification link (POST /api/signup/verification).
          signupToken: { type: 'apiKey', in: 'header', name: 'X-Signup-Token' },
          // The scraper's token for GET /api/metrics (METRICS_TOKEN), not a user's access token.
          metricsToken: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ bearer: [] }],
    },
    // Each operation gets a stable operationId from its method and path (generated clients name
    // their methods by it) unless its route names one.
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const method = [input.route.method].flat()[0] ?? 'GET';
      const schema = output.schema as { operationId?: string };
      return {
        ...output,
        schema: { ...schema, operationId: schema.operationId ?? operationIdOf(method, output.url) },
      };
    },
  });
  await app.register(scalar, {
    routePrefix: '/api/docs',
    configuration: { title: 'Parity API' },
  });
}

export default fp(openapiPlugin, { name: 'openapi' });

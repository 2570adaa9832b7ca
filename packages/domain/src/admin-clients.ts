import { z } from 'zod';

/**
 * The admin console's OAuth clients (issue 14 point 6): confidential clients of integrations (an
 * investor's BI tool) that obtain tokens through the client_credentials grant. A client acts as
 * its owning organization, for reads only, within its scopes.
 */

export const CLIENT_SCOPES = ['read:surveys', 'read:analytics', 'read:organizations'] as const;
export type TClientScope = (typeof CLIENT_SCOPES)[number];

/** What each scope lets a client read (the admin form's hints). */
export const CLIENT_SCOPE_LABELS: Record<TClientScope, string> = {
  'read:surveys': "Surveys: the owning organization's surveys, as its members read them",
  'read:analytics': 'Analytics: LPI and evenness of the organization and of the surveys it hosts',
  'read:organizations': 'Organizations: the organization directory and profiles',
};

/** The first-party web app's client: it cannot be rotated or revoked. */
export const FIRST_PARTY_CLIENT_ID = 'parity-web';

export const ADMIN_CLIENTS_DEFAULT_LIMIT = 30;
export const ADMIN_CLIENTS_MAX_LIMIT = 100;
export const CLIENT_NAME_MAX = 120;
export const CLIENT_STATUSES = ['active', 'revoked'] as const;
export type TClientStatus = (typeof CLIENT_STATUSES)[number];

/** GET /api/admin/clients?search&limit&offset (search: the client's name or id, or its organization). */
export const ZAdminClientsQuery = z.object({
  search: z.string().trim().max(200, 'Value must be not more than 200 characters long').optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_CLIENTS_MAX_LIMIT).default(ADMIN_CLIENTS_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TAdminClientsQuery = z.infer<typeof ZAdminClientsQuery>;

const ZPerson = z.object({ id: z.number().int(), name: z.string(), lastname: z.string() });

export const ZAdminClient = z.object({
  id: z.string(),
  name: z.string(),
  first_party: z.boolean(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  scopes: z.array(z.enum(CLIENT_SCOPES)),
  grant_types: z.array(z.string()),
  status: z.enum(CLIENT_STATUSES),
  created_by: ZPerson.nullable(),
  created_at: z.string(),
  rotated_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type TAdminClient = z.infer<typeof ZAdminClient>;

export const ZAdminClientList = z.object({ data: z.array(ZAdminClient), total: z.number().int() });
export type TAdminClientList = z.infer<typeof ZAdminClientList>;

/** The client with its secret: the only answer that ever carries it (create and rotate). */
export const ZAdminClientWithSecret = z.object({ client: ZAdminClient, client_secret: z.string() });
export type TAdminClientWithSecret = z.infer<typeof ZAdminClientWithSecret>;

const ZClientName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(CLIENT_NAME_MAX, `Name must be not more than ${CLIENT_NAME_MAX} characters long`);

const ZClientScopes = z
  .array(z.enum(CLIENT_SCOPES, { error: `A scope is one of ${CLIENT_SCOPES.join(', ')}` }), {
    error: 'Choose at least one scope',
  })
  .min(1, 'Choose at least one scope')
  .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope only once');

/** POST /api/admin/clients. */
export const ZAdminClientCreate = z.strictObject({
  name: ZClientName,
  organization_id: z.number({ error: 'Choose an organization' }).int().positive('Choose an organization'),
  scopes: ZClientScopes,
});
export type TAdminClientCreate = z.infer<typeof ZAdminClientCreate>;

/** PUT /api/admin/clients/{clientId}: the name and the scopes. */
export const ZAdminClientUpdate = z.strictObject({ name: ZClientName, scopes: ZClientScopes });
export type TAdminClientUpdate = z.infer<typeof ZAdminClientUpdate>;

export const ZAdminClientParams = z.object({
  clientId: z.string().min(1).max(100),
});

/** POST /api/oauth/token/ with grant_type=client_credentials (form-encoded or JSON). */
export const ZClientCredentialsGrantRequest = z.strictObject({
  grant_type: z.literal('client_credentials'),
  client_id: z.string({ error: 'client_id is required' }).min(1, 'client_id is required').max(100),
  client_secret: z
    .string({ error: 'client_secret is required' })
    .min(1, 'client_secret is required')
    .max(255),
  /** Space-separated subset of the client's scopes; all of them when absent. */
  scope: z.string().max(1000).optional(),
});
export type TClientCredentialsGrantRequest = z.infer<typeof ZClientCredentialsGrantRequest>;

/** A client token: short-lived, no refresh token (the client asks again with its secret). */
export const ZClientTokenResponse = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type TClientTokenResponse = z.infer<typeof ZClientTokenResponse>;

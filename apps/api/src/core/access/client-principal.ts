import { CLIENT_SCOPES, type TClientScope } from '@parity/domain/admin-clients';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { oauthClients, organizations } from '../../db/schema/people';
import { live } from '../../db/soft-delete';
import { EMPTY_PERSONAL_FIELDS, type UserProfileRow } from './user-profile';

/**
 * The caller of a client_credentials token (issue 14 point 6): an integration client acting as
 * its owning organization, for reads only, within its scopes.
 *
 * Modules see it as any caller: `request.auth.userId` is its principal id, the NEGATIVE of the
 * client's `principal_no` (user ids are positive), and loadCaller turns it into a Caller whose
 * profile is the client's: not a platform administrator, an approved member of its organization
 * with that organization's read rights (survey host, average LPI access; no settings nor survey
 * creation). Its rights are the intersection of
 *   - its scopes: the auth hook lets it call only GET routes its scopes cover (CLIENT_SCOPE_ROUTES)
 *     and answers 403 to anything else, every write included;
 *   - its organization's rights: the modules' own guards, as for that organization's members
 *     (a host's client reads that host's surveys and analytics only).
 * Every call it makes is recorded in the audit log with its client_id (recordClientCall).
 */

/** The GET routes (Fastify route URLs) each scope opens to a client token. */
export const CLIENT_SCOPE_ROUTES: Record<TClientScope, RegExp[]> = {
  'read:surveys': [
    /^\/api\/surveys$/,
    /^\/api\/surveys\/invitations(\/:surveyId)?$/,
    /^\/api\/surveys\/:surveyId$/,
    /^\/api\/surveys\/:surveyId\/(organizations\/)?tabs$/,
    /^\/api\/surveys\/:surveyId\/(participants|response-rates)$/,
    /^\/api\/legacy-surveys\/:surveyId$/,
  ],
  'read:analytics': [
    /^\/api\/analytics\//,
    /^\/api\/surveys\/:id\/(lpi|evenness)$/,
    /^\/api\/organizations\/:organizationId\/(lpi|evenness)$/,
    /^\/api\/organizations\/me\/historical-(lpi|evenness)$/,
    /^\/api\/organizations\/me\/(ownership|gender|racial)\/(lpi|evenness)$/,
  ],
  'read:organizations': [/^\/api\/organizations$/, /^\/api\/organizations\/:id$/],
};

export function isClientScope(value: string): value is TClientScope {
  return (CLIENT_SCOPES as readonly string[]).includes(value);
}

/** Whether a client token with these scopes may call this route (GET only, a scope covering it). */
export function clientMayCall(
  scopes: readonly string[],
  method: string,
  routeUrl: string | undefined,
): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!routeUrl) return false;
  return scopes.some(
    (scope) => isClientScope(scope) && CLIENT_SCOPE_ROUTES[scope].some((re) => re.test(routeUrl)),
  );
}

export const principalIdOf = (principalNo: number) => -principalNo;
export const isClientPrincipal = (userId: number) => userId < 0;

const clientColumns = {
  id: oauthClients.id,
  principal_no: oauthClients.principal_no,
  name: oauthClients.name,
  scopes: oauthClients.scopes,
  token_generation: oauthClients.token_generation,
  created_at: oauthClients.created_at,
  organization: { id: organizations.id, name: organizations.name, logo: organizations.logo },
};

export type ClientPrincipalRow = Awaited<ReturnType<typeof findClientPrincipal>>;

/**
 * A live integration client by id or principal number: not revoked, with a live owning
 * organization; undefined otherwise (its tokens then answer 401 at once).
 */
export async function findClientPrincipal(db: DbOrTx, by: { clientId: string } | { principalNo: number }) {
  const [row] = await db
    .select(clientColumns)
    .from(oauthClients)
    .innerJoin(organizations, and(eq(organizations.id, oauthClients.organization_id), live(organizations)))
    .where(
      and(
        'clientId' in by ? eq(oauthClients.id, by.clientId) : eq(oauthClients.principal_no, by.principalNo),
        isNull(oauthClients.revoked_at),
      ),
    );
  return row;
}

/** The profile a client's caller carries: the client as an approved member of its organization. */
export function clientProfile(client: NonNullable<ClientPrincipalRow>): UserProfileRow {
  return {
    user: {
      id: principalIdOf(client.principal_no),
      email: `${client.id}@clients.invalid`,
      name: client.name,
      lastname: '',
      ...EMPTY_PERSONAL_FIELDS,
      private_fields: [],
      created_at: client.created_at,
      updated_at: client.created_at,
    },
    membership: {
      status: 'approved',
      manage_settings: false,
      user_manage_surveys: true,
      survey_creation: false,
      average_lpi_score_access: true,
    },
    organization: client.organization,
  };
}

/**
 * One call made with a client token, in the audit log: the client (client_id), its organization,
 * the route and the answer's status. Also the client's last_used_at.
 */
export async function recordClientCall(
  db: DbOrTx,
  call: {
    clientId: string;
    organizationId: number;
    method: string;
    route: string;
    url: string;
    status: number;
  },
  at = new Date(),
): Promise<void> {
  await db.insert(auditLog).values({
    actor_user_id: null,
    client_id: call.clientId,
    organization_id: call.organizationId,
    entity: 'client_call',
    entity_id: call.clientId,
    action: call.method.toLowerCase(),
    after: { route: call.route, url: call.url, status: call.status },
    at,
  });
  await db.update(oauthClients).set({ last_used_at: at }).where(eq(oauthClients.id, call.clientId));
}

import { randomBytes } from 'node:crypto';
import type {
  TAdminClient,
  TAdminClientCreate,
  TAdminClientList,
  TAdminClientsQuery,
  TAdminClientUpdate,
  TAdminClientWithSecret,
  TClientScope,
} from '@parity/domain/admin-clients';
import { loadCaller } from '../../../core/access/caller';
import { requirePlatformAdmin } from '../../../core/access/platform-admin-guard';
import { audit } from '../../../core/audit';
import { hashPassword } from '../../../core/auth/passwords';
import { newOpaqueToken } from '../../../core/auth/tokens';
import { conflict, fieldIssue, notFound } from '../../../core/http/errors';
import type { Db, DbOrTx } from '../../../db/client';
import * as repo from './repo';

const FIRST_PARTY_MESSAGE = 'The first-party web client cannot be rotated or revoked.';

function toClient(row: repo.ClientRow): TAdminClient {
  return {
    id: row.id,
    name: row.name,
    first_party: row.first_party,
    organization:
      row.organization_id === null || row.organization_name === null
        ? null
        : { id: row.organization_id, name: row.organization_name },
    scopes: row.scopes as TClientScope[],
    grant_types: row.grant_types,
    status: row.revoked_at ? 'revoked' : 'active',
    created_by:
      row.creator_id === null
        ? null
        : { id: row.creator_id, name: row.creator_name ?? '', lastname: row.creator_lastname ?? '' },
    created_at: row.created_at.toISOString(),
    rotated_at: row.rotated_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/** A secret of 256 random bits, shown once; only its argon2id hash is stored. */
const newSecret = () => `pcs_${newOpaqueToken()}`;
const newClientId = () => `pc_${randomBytes(10).toString('hex')}`;

async function loaded(db: DbOrTx, id: string): Promise<TAdminClient> {
  const row = await repo.findClient(db, id);
  if (!row) throw notFound('Client');
  return toClient(row);
}

export async function getClients(
  db: DbOrTx,
  userId: number,
  query: TAdminClientsQuery,
): Promise<TAdminClientList> {
  requirePlatformAdmin(await loadCaller(db, userId));
  const { rows, total } = await repo.listClients(db, query.search || undefined, query.limit, query.offset);
  return { data: rows.map(toClient), total };
}

export async function getClient(db: DbOrTx, userId: number, id: string): Promise<TAdminClient> {
  requirePlatformAdmin(await loadCaller(db, userId));
  return loaded(db, id);
}

/** POST /api/admin/clients: a confidential client of an organization; its secret answered once. */
export async function createClient(
  db: Db,
  userId: number,
  input: TAdminClientCreate,
  now = new Date(),
): Promise<TAdminClientWithSecret> {
  const secret = newSecret();
  const secretHash = await hashPassword(secret);
  return db.transaction(async (tx) => {
    requirePlatformAdmin(await loadCaller(tx, userId));
    const organization = await repo.findLiveOrganization(tx, input.organization_id);
    if (!organization) throw fieldIssue('organization_id', 'No such organization');
    const id = newClientId();
    await repo.insertClient(tx, {
      id,
      name: input.name,
      secret_hash: secretHash,
      organization_id: organization.id,
      scopes: input.scopes,
      created_by: userId,
      created_at: now,
    });
    // The secret and its hash stay out of the log.
    await audit(tx, {
      actorId: userId,
      organizationId: organization.id,
      entity: 'oauth_client',
      entityId: id,
      action: 'create',
      after: { client_id: id, name: input.name, scopes: input.scopes },
      at: now,
    });
    return { client: await loaded(tx, id), client_secret: secret };
  });
}

/** PUT /api/admin/clients/{clientId}: name and scopes; fewer scopes count for tokens at once. */
export async function updateClient(
  db: Db,
  userId: number,
  id: string,
  input: TAdminClientUpdate,
  now = new Date(),
): Promise<TAdminClient> {
  return db.transaction(async (tx) => {
    requirePlatformAdmin(await loadCaller(tx, userId));
    const before = await repo.findClient(tx, id);
    if (!before) throw notFound('Client');
    if (before.first_party) throw conflict('The first-party web client cannot be edited.');
    await repo.updateClient(tx, id, { name: input.name, scopes: input.scopes });
    await audit(tx, {
      actorId: userId,
      organizationId: before.organization_id,
      entity: 'oauth_client',
      entityId: id,
      action: 'update',
      before: { name: before.name, scopes: before.scopes },
      after: { name: input.name, scopes: input.scopes },
      at: now,
    });
    return loaded(tx, id);
  });
}

async function assertChangeable(tx: DbOrTx, id: string) {
  const row = await repo.findClient(tx, id);
  if (!row) throw notFound('Client');
  if (row.first_party) throw conflict(FIRST_PARTY_MESSAGE);
  if (row.revoked_at) throw conflict('This client is already revoked.');
  return row;
}

/** POST .../rotate: a new secret shown once; the old one and every token issued stop working. */
export async function rotateClient(db: Db, userId: number, id: string, now = new Date()) {
  const secret = newSecret();
  const secretHash = await hashPassword(secret);
  return db.transaction(async (tx): Promise<TAdminClientWithSecret> => {
    requirePlatformAdmin(await loadCaller(tx, userId));
    const row = await assertChangeable(tx, id);
    if (!(await repo.rotateSecret(tx, id, secretHash, now)))
      throw conflict('This client is already revoked.');
    await audit(tx, {
      actorId: userId,
      organizationId: row.organization_id,
      entity: 'oauth_client',
      entityId: id,
      action: 'rotate',
      before: { rotated_at: row.rotated_at?.toISOString() ?? null },
      after: { rotated_at: now.toISOString() },
      at: now,
    });
    return { client: await loaded(tx, id), client_secret: secret };
  });
}

/** POST .../revoke: the client can no longer get tokens, and those it has stop working at once. */
export async function revokeClient(db: Db, userId: number, id: string, now = new Date()) {
  return db.transaction(async (tx) => {
    requirePlatformAdmin(await loadCaller(tx, userId));
    const row = await assertChangeable(tx, id);
    if (!(await repo.revokeClient(tx, id, now))) throw conflict('This client is already revoked.');
    await audit(tx, {
      actorId: userId,
      organizationId: row.organization_id,
      entity: 'oauth_client',
      entityId: id,
      action: 'revoke',
      before: { revoked_at: null },
      after: { revoked_at: now.toISOString() },
      at: now,
    });
    return loaded(tx, id);
  });
}

import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { oauthClients, organizations, users } from '../../../db/schema/people';

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columns = {
  id: oauthClients.id,
  name: oauthClients.name,
  first_party: oauthClients.first_party,
  grant_types: oauthClients.grant_types,
  scopes: oauthClients.scopes,
  created_at: oauthClients.created_at,
  rotated_at: oauthClients.rotated_at,
  revoked_at: oauthClients.revoked_at,
  last_used_at: oauthClients.last_used_at,
  organization_id: organizations.id,
  organization_name: organizations.name,
  creator_id: users.id,
  creator_name: users.name,
  creator_lastname: users.lastname,
};

export type ClientRow = NonNullable<Awaited<ReturnType<typeof findClient>>>;

function base(db: DbOrTx) {
  return db
    .select(columns)
    .from(oauthClients)
    .leftJoin(organizations, eq(organizations.id, oauthClients.organization_id))
    .leftJoin(users, eq(users.id, oauthClients.created_by));
}

function searchOf(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    ilike(oauthClients.name, pattern),
    ilike(oauthClients.id, pattern),
    ilike(organizations.name, pattern),
  );
}

/** A page of every client, newest first, with its organization and creator. */
export async function listClients(db: DbOrTx, search: string | undefined, limit: number, offset: number) {
  const where = searchOf(search);
  const rows = await base(db)
    .where(where)
    .orderBy(desc(oauthClients.created_at), desc(oauthClients.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ value: count() })
    .from(oauthClients)
    .leftJoin(organizations, eq(organizations.id, oauthClients.organization_id))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findClient(db: DbOrTx, id: string) {
  const [row] = await base(db).where(eq(oauthClients.id, id));
  return row;
}

export async function findLiveOrganization(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, id), isNull(organizations.deleted_at)));
  return row;
}

export async function insertClient(
  db: DbOrTx,
  values: {
    id: string;
    name: string;
    secret_hash: string;
    organization_id: number;
    scopes: string[];
    created_by: number;
    created_at: Date;
  },
) {
  await db
    .insert(oauthClients)
    .values({ ...values, first_party: false, grant_types: ['client_credentials'] });
}

export async function updateClient(db: DbOrTx, id: string, values: { name: string; scopes: string[] }) {
  await db.update(oauthClients).set(values).where(eq(oauthClients.id, id));
}

/** A new secret and credential generation: the old secret and every token issued stop working. */
export async function rotateSecret(db: DbOrTx, id: string, secretHash: string, at: Date) {
  const [row] = await db
    .update(oauthClients)
    .set({ secret_hash: secretHash, rotated_at: at, token_generation: crypto.randomUUID() })
    .where(and(eq(oauthClients.id, id), isNull(oauthClients.revoked_at)))
    .returning({ id: oauthClients.id });
  return row;
}

/** Revokes a client unless it already is; undefined when it was. */
export async function revokeClient(db: DbOrTx, id: string, at: Date) {
  const [row] = await db
    .update(oauthClients)
    .set({ revoked_at: at })
    .where(and(eq(oauthClients.id, id), isNull(oauthClients.revoked_at)))
    .returning({ id: oauthClients.id });
  return row;
}

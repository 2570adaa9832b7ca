import {
  CONTACT_DELETED_MESSAGE,
  type TContact,
  type TContactInput,
  type TContactList,
  type TContactsQuery,
} from '@parity/domain/organization-contacts';
import { authorizeOrganization } from '../../core/access/organization-guard';
import { audit } from '../../core/audit';
import { notFound } from '../../core/http/errors';
import type { Db, DbOrTx } from '../../db/client';
import * as repo from './repo';

function toContact(row: repo.ContactRow): TContact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    title: row.title,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const values = (input: TContactInput): repo.ContactValues => ({
  name: input.name,
  email: input.email,
  phone: input.phone ? input.phone : null,
  title: input.title ? input.title : null,
});
const shown = (row: repo.ContactValues) => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  title: row.title,
});

/** GET /api/organizations/me/contacts: approved members read (search over name, email, title). */
export async function listContacts(db: DbOrTx, userId: number, q: TContactsQuery): Promise<TContactList> {
  const { organizationId } = await authorizeOrganization(db, userId, 'me', 'member');
  const { rows, total } = await repo.list(db, organizationId, {
    search: q.search || undefined,
    limit: q.limit,
    offset: q.offset,
  });
  return { data: rows.map(toContact), total };
}

export async function getContact(db: DbOrTx, userId: number, id: number): Promise<TContact> {
  const { organizationId } = await authorizeOrganization(db, userId, 'me', 'member');
  const row = await repo.find(db, organizationId, id);
  if (!row) throw notFound('Contact');
  return toContact(row);
}

/** POST /api/organizations/me/contacts: admins; audited. */
export async function createContact(db: Db, userId: number, input: TContactInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const { organizationId } = await authorizeOrganization(tx, userId, 'me', 'admin');
    const row = await repo.insert(tx, organizationId, values(input));
    await audit(tx, {
      actorId: userId,
      organizationId,
      entity: 'contact',
      entityId: row.id,
      action: 'create',
      after: shown(row),
      at: now,
    });
    return toContact(row);
  });
}

/** PUT /api/organizations/me/contacts/{id}: admins; another organization's contact 404. */
export async function updateContact(
  db: Db,
  userId: number,
  id: number,
  input: TContactInput,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const { organizationId } = await authorizeOrganization(tx, userId, 'me', 'admin');
    const current = await repo.find(tx, organizationId, id, true);
    if (!current) throw notFound('Contact');
    const row = await repo.update(tx, id, values(input), now);
    await audit(tx, {
      actorId: userId,
      organizationId,
      entity: 'contact',
      entityId: id,
      action: 'update',
      before: shown(current),
      after: shown(row),
      at: now,
    });
    return toContact(row);
  });
}

/** DELETE /api/organizations/me/contacts/{id}: admins; audited. */
export async function deleteContact(db: Db, userId: number, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const { organizationId } = await authorizeOrganization(tx, userId, 'me', 'admin');
    const current = await repo.find(tx, organizationId, id, true);
    if (!current) throw notFound('Contact');
    await repo.remove(tx, id);
    await audit(tx, {
      actorId: userId,
      organizationId,
      entity: 'contact',
      entityId: id,
      action: 'delete',
      before: shown(current),
      at: now,
    });
    return { message: CONTACT_DELETED_MESSAGE };
  });
}

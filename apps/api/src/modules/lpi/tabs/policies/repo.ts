import type { TPolicy, TPolicyRecord } from '@parity/domain/lpi/policies';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../../db/client';
import { files } from '../../../../db/schema/files';
import { users } from '../../../../db/schema/people';
import {
  organizationPolicies,
  organizationPolicyAttachments,
  policies,
} from '../../../../db/schema/reporting';
import { inScope } from '../../engine/scope';

type Scope = { organizationId: number; surveyId: number | null };

export const attachmentUrl = (id: number) => `/api/policies/attachments/${id}`;

export async function listPolicies(db: DbOrTx): Promise<TPolicy[]> {
  return db
    .select({ id: policies.id, name: policies.name })
    .from(policies)
    .orderBy(asc(policies.order), asc(policies.id));
}

export async function policyExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: policies.id }).from(policies).where(eq(policies.id, id));
  return Boolean(row);
}

/** The scope's policy records with their attachments, in the policy list's order. */
export async function listRecords(db: DbOrTx, scope: Scope): Promise<TPolicyRecord[]> {
  const rows = await db
    .select({
      id: organizationPolicies.id,
      policy_id: organizationPolicies.policy_id,
      name: policies.name,
      status: organizationPolicies.status,
      created_at: organizationPolicies.created_at,
      updated_at: organizationPolicies.updated_at,
      current_as_of: organizationPolicies.current_as_of,
      established_at: organizationPolicies.established_at,
      last_reviewed_at: organizationPolicies.last_reviewed_at,
      revision: organizationPolicies.revision,
      user_id: users.id,
      user_name: users.name,
      user_lastname: users.lastname,
    })
    .from(organizationPolicies)
    .innerJoin(policies, eq(policies.id, organizationPolicies.policy_id))
    .leftJoin(users, eq(users.id, organizationPolicies.user_id))
    .where(inScope(organizationPolicies, scope))
    .orderBy(asc(policies.order), asc(policies.id), asc(organizationPolicies.id));
  const attachments = rows.length
    ? await db
        .select({
          id: organizationPolicyAttachments.id,
          record_id: organizationPolicyAttachments.organization_policy_id,
          name: organizationPolicyAttachments.name,
          size: organizationPolicyAttachments.size,
        })
        .from(organizationPolicyAttachments)
        .where(
          inArray(
            organizationPolicyAttachments.organization_policy_id,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(organizationPolicyAttachments.id))
    : [];
  return rows.map((row) => ({
    policy_id: row.policy_id,
    id: row.id,
    name: row.name,
    status: row.status,
    attachments: attachments
      .filter((a) => a.record_id === row.id)
      .map((a) => ({ id: a.id, name: a.name, size: a.size, url: attachmentUrl(a.id) })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    current_as_of: row.current_as_of,
    established_at: row.established_at,
    last_reviewed_at: row.last_reviewed_at,
    user:
      row.user_id != null
        ? { id: row.user_id, name: row.user_name ?? '', lastname: row.user_lastname ?? '' }
        : null,
    revision: row.revision,
  }));
}

/** One record of the scope (another scope's id answers undefined). */
export async function findRecord(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(organizationPolicies)
    .where(and(eq(organizationPolicies.id, id), inScope(organizationPolicies, scope)));
  return row;
}

export type NewRecord = typeof organizationPolicies.$inferInsert;

export async function insertRecord(tx: Tx, values: NewRecord) {
  const [row] = await tx.insert(organizationPolicies).values(values).returning();
  return row!;
}

export async function updateRecord(tx: Tx, id: number, values: Partial<NewRecord>) {
  await tx.update(organizationPolicies).set(values).where(eq(organizationPolicies.id, id));
}

export interface StoredFile {
  key: string;
  name: string;
  size: number;
  contentType: string;
}

/** Adds the stored files to a record: a files row and an attachment each. */
export async function insertAttachments(
  tx: Tx,
  recordId: number,
  owner: { userId: number; organizationId: number },
  stored: StoredFile[],
) {
  for (const file of stored) {
    const [row] = await tx
      .insert(files)
      .values({
        owner_user_id: owner.userId,
        organization_id: owner.organizationId,
        kind: 'policy_attachment',
        original_name: file.name,
        content_type: file.contentType,
        size: file.size,
        storage_key: file.key,
      })
      .returning({ id: files.id });
    await tx
      .insert(organizationPolicyAttachments)
      .values({ organization_policy_id: recordId, file_id: row!.id, name: file.name, size: file.size });
  }
}

/**
 * Deletes records and their attachments; a file no other attachment refers to (a survey copy
 * shares its organization's files) loses its files row too. Answers the storage keys to remove
 * once the transaction has committed.
 */
export async function deleteRecords(tx: Tx, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const attached = await tx
    .select({ file_id: organizationPolicyAttachments.file_id })
    .from(organizationPolicyAttachments)
    .where(inArray(organizationPolicyAttachments.organization_policy_id, ids));
  await tx
    .delete(organizationPolicyAttachments)
    .where(inArray(organizationPolicyAttachments.organization_policy_id, ids));
  await tx.delete(organizationPolicies).where(inArray(organizationPolicies.id, ids));
  const keys: string[] = [];
  for (const fileId of new Set(attached.map((a) => a.file_id))) {
    const [stillUsed] = await tx
      .select({ id: organizationPolicyAttachments.id })
      .from(organizationPolicyAttachments)
      .where(eq(organizationPolicyAttachments.file_id, fileId))
      .limit(1);
    if (stillUsed) continue;
    const [removed] = await tx
      .delete(files)
      .where(eq(files.id, fileId))
      .returning({ key: files.storage_key });
    if (removed) keys.push(removed.key);
  }
  return keys;
}

/**
 * Copies records of an organization's own profile into a survey: the record (with
 * source_policy_id) and its attachments, which keep referring to the same files.
 */
export async function copyRecordsToSurvey(tx: Tx, organizationId: number, surveyId: number, onlyId?: number) {
  const sources = await tx
    .select()
    .from(organizationPolicies)
    .where(
      and(
        eq(organizationPolicies.organization_id, organizationId),
        isNull(organizationPolicies.survey_id),
        onlyId === undefined ? undefined : eq(organizationPolicies.id, onlyId),
      ),
    )
    .orderBy(asc(organizationPolicies.id));
  for (const source of sources) {
    const { id: sourceId, survey_id: _survey, ...rest } = source;
    const copy = await insertRecord(tx, { ...rest, survey_id: surveyId, source_policy_id: sourceId });
    const attachments = await tx
      .select()
      .from(organizationPolicyAttachments)
      .where(eq(organizationPolicyAttachments.organization_policy_id, sourceId))
      .orderBy(asc(organizationPolicyAttachments.id));
    if (attachments.length) {
      await tx.insert(organizationPolicyAttachments).values(
        attachments.map((a) => ({
          organization_policy_id: copy.id,
          file_id: a.file_id,
          name: a.name,
          size: a.size,
          created_at: a.created_at,
        })),
      );
    }
  }
}

/** The survey scope's records loaded from this organization record. */
export async function recordsLoadedFrom(tx: Tx, scope: Scope, sourceId: number) {
  const rows = await tx
    .select({ id: organizationPolicies.id })
    .from(organizationPolicies)
    .where(and(inScope(organizationPolicies, scope), eq(organizationPolicies.source_policy_id, sourceId)));
  return rows.map((row) => row.id);
}

/** An attachment with its record's scope and its file. */
export async function findAttachment(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: organizationPolicyAttachments.id,
      name: organizationPolicyAttachments.name,
      organization_id: organizationPolicies.organization_id,
      survey_id: organizationPolicies.survey_id,
      storage_key: files.storage_key,
      content_type: files.content_type,
      size: files.size,
    })
    .from(organizationPolicyAttachments)
    .innerJoin(
      organizationPolicies,
      eq(organizationPolicies.id, organizationPolicyAttachments.organization_policy_id),
    )
    .innerJoin(files, eq(files.id, organizationPolicyAttachments.file_id))
    .where(eq(organizationPolicyAttachments.id, id));
  return row;
}

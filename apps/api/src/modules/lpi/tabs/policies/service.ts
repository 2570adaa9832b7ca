import type { TPolicyRecordInput, TPolicyRecordUpdate } from '@parity/domain/lpi/policies';
import { loadCaller, requireAllowed } from '../../../../core/access/caller';
import { AppError, badRequest, notFound } from '../../../../core/http/errors';
import type { Db, DbOrTx } from '../../../../db/client';
import type { Storage } from '../../../../plugins/storage';
import { readScope, writeScope } from '../../engine/scope';
import { saveTab } from '../../engine/tabs';
import { policiesTab } from './definition';
import * as repo from './repo';

export interface PolicyUpload {
  field: string;
  name: string;
  bytes: Buffer;
  contentType: string;
  ext: string;
}

async function requireAllowedCaller(db: DbOrTx, userId: number) {
  requireAllowed(await loadCaller(db, userId));
}

/** GET /api/policies: the policy list (reference data, the same in every scope). */
export async function list(db: DbOrTx, userId: number) {
  await requireAllowedCaller(db, userId);
  return { data: await repo.listPolicies(db) };
}

/** Puts the uploads in the storage under generated keys; removes them again if the write fails. */
async function withStoredFiles<T>(
  storage: Storage,
  organizationId: number,
  uploads: PolicyUpload[],
  write: (stored: repo.StoredFile[]) => Promise<T>,
): Promise<T> {
  const stored: repo.StoredFile[] = [];
  try {
    for (const upload of uploads) {
      const key = `policies/${organizationId}/${crypto.randomUUID()}.${upload.ext}`;
      await storage.put(key, upload.bytes, upload.contentType);
      stored.push({ key, name: upload.name, size: upload.bytes.length, contentType: upload.contentType });
    }
    return await write(stored);
  } catch (error) {
    await Promise.all(stored.map((file) => storage.delete(file.key)));
    throw error;
  }
}

async function requirePolicy(db: DbOrTx, policyId: number) {
  if (!(await repo.policyExists(db, policyId))) {
    throw badRequest('body.policy_id: Unknown policy.', [
      { field: 'body.policy_id', message: 'Unknown policy.' },
    ]);
  }
}

/** POST /api/policies: a new record of a policy in the caller's scope, with its attachments. */
export async function create(
  db: Db,
  storage: Storage,
  userId: number,
  input: TPolicyRecordInput,
  uploads: PolicyUpload[],
) {
  const target = { surveyId: input.survey_id, organizationId: input.organization_id };
  // Refused input touches nothing, not even the survey copy the save makes on a first touch.
  const scope = await writeScope(db, userId, target);
  await requirePolicy(db, input.policy_id);
  return withStoredFiles(storage, scope.organizationId, uploads, (stored) =>
    saveTab(db, scope, policiesTab, input.updated_at, async (tx) => {
      const record = await repo.insertRecord(tx, {
        organization_id: scope.organizationId,
        survey_id: scope.surveyId,
        policy_id: input.policy_id,
        status: input.status,
        current_as_of: input.current_as_of,
        established_at: input.established_at,
        last_reviewed_at: input.last_reviewed_at,
        user_id: userId,
      });
      await repo.insertAttachments(tx, record.id, { userId, organizationId: scope.organizationId }, stored);
    }),
  );
}

/**
 * POST /api/policies/update: changes a record of the caller's scope and adds the new attachments.
 * A new file or a changed date makes a new revision.
 */
export async function update(
  db: Db,
  storage: Storage,
  userId: number,
  input: TPolicyRecordUpdate,
  uploads: PolicyUpload[],
) {
  const target = { surveyId: input.survey_id, organizationId: input.organization_id };
  const scope = await writeScope(db, userId, target);
  if (!(await repo.findRecord(db, scope, input.id))) throw notFound('Policy');
  await requirePolicy(db, input.policy_id);
  return withStoredFiles(storage, scope.organizationId, uploads, (stored) =>
    saveTab(db, scope, policiesTab, input.updated_at, async (tx) => {
      const record = await repo.findRecord(tx, scope, input.id);
      if (!record) throw notFound('Policy');
      const datesChanged =
        record.current_as_of !== input.current_as_of ||
        record.established_at !== input.established_at ||
        record.last_reviewed_at !== input.last_reviewed_at;
      await repo.updateRecord(tx, record.id, {
        policy_id: input.policy_id,
        status: input.status,
        current_as_of: input.current_as_of,
        established_at: input.established_at,
        last_reviewed_at: input.last_reviewed_at,
        user_id: userId,
        revision: stored.length || datesChanged ? record.revision + 1 : record.revision,
        updated_at: new Date(),
      });
      await repo.insertAttachments(tx, record.id, { userId, organizationId: scope.organizationId }, stored);
    }),
  );
}

/**
 * DELETE /api/policies/organization/{id} (surveyId null) and /api/policies/{id}/surveys/{surveyId}:
 * removes a record of the caller's scope; its files leave the storage once the delete committed.
 */
export async function remove(
  db: Db,
  storage: Storage,
  userId: number,
  id: number,
  surveyId: number | null,
  updatedAt: string | null,
) {
  const scope = await writeScope(db, userId, { surveyId });
  if (!(await repo.findRecord(db, scope, id))) throw notFound('Policy');
  let keys: string[] = [];
  const saved = await saveTab(db, scope, policiesTab, updatedAt, async (tx) => {
    const record = await repo.findRecord(tx, scope, id);
    if (!record) throw notFound('Policy');
    keys = await repo.deleteRecords(tx, [record.id]);
  });
  await Promise.all(keys.map((key) => storage.delete(key)));
  return saved;
}

/**
 * POST /api/policies/{organization_policy_id}/surveys/{surveyId}: copies a record of the
 * organization's own profile (and its attachments) into the survey, replacing what was loaded from
 * it before.
 */
export async function load(
  db: Db,
  storage: Storage,
  userId: number,
  recordId: number,
  surveyId: number,
  updatedAt: string | null,
) {
  const scope = await writeScope(db, userId, { surveyId });
  if (!(await repo.findRecord(db, { organizationId: scope.organizationId, surveyId: null }, recordId)))
    throw notFound('Policy');
  const own = { organizationId: scope.organizationId, surveyId: null };
  let keys: string[] = [];
  const saved = await saveTab(db, scope, policiesTab, updatedAt, async (tx) => {
    if (!(await repo.findRecord(tx, own, recordId))) throw notFound('Policy');
    keys = await repo.deleteRecords(tx, await repo.recordsLoadedFrom(tx, scope, recordId));
    await repo.copyRecordsToSurvey(tx, scope.organizationId, surveyId, recordId);
  });
  await Promise.all(keys.map((key) => storage.delete(key)));
  return saved;
}

/** GET /api/policies/attachments/{id}: whoever may read the record's scope. */
export async function download(db: Db, storage: Storage, userId: number, attachmentId: number) {
  const attachment = await repo.findAttachment(db, attachmentId);
  if (!attachment) throw notFound('Attachment');
  try {
    await readScope(db, userId, {
      organization_id: attachment.organization_id,
      survey_id: attachment.survey_id,
      report: true,
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw notFound('Attachment');
    throw error;
  }
  const stream = await storage.get(attachment.storage_key);
  if (!stream) throw notFound('Attachment');
  return { stream, attachment };
}

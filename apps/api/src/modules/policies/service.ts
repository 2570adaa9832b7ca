import type { TPolicyRecord, TPolicyRecordInput, TPolicyRecordUpdate } from '@parity/domain/lpi/policies';
import { AWAITING_APPROVAL_MESSAGE } from '@parity/domain/permissions';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import type { Storage } from '../../plugins/storage';
import { type ReportingScope, resolveScope, resolveWriteScope } from '../reporting/scope';
import { prepareTabRead, readTab, saveTab } from '../reporting/tabs';
import { loadCaller } from '../users/caller';
import * as repo from './repo';
import './tab';

export interface PolicyUpload {
  field: string;
  name: string;
  bytes: Buffer;
  contentType: string;
  ext: string;
}

const TAB = 'policies' as const;

async function requireAllowed(db: DbOrTx, userId: number) {
  const caller = await loadCaller(db, userId);
  if (!caller.flags.isAllowed) throw new AppError(403, 'awaiting_approval', AWAITING_APPROVAL_MESSAGE);
}

/** GET /api/policies: the policy list (reference data, the same in every scope). */
export async function list(db: DbOrTx, userId: number) {
  await requireAllowed(db, userId);
  return { data: await repo.listPolicies(db) };
}

/** GET /api/policies/organization: the scope's records (the caller's own without organization_id). */
export async function records(
  db: Db,
  userId: number,
  query: { organization_id?: number; survey_id?: number; report?: boolean },
) {
  const scope = await resolveScope(db, userId, {
    ...(query.organization_id ? { organizationId: query.organization_id } : {}),
    surveyId: query.survey_id ?? null,
    ...(query.report ? { report: true } : {}),
  });
  return readTab<TPolicyRecord[]>(db, scope, TAB);
}

async function reread(db: Db, scope: ReportingScope) {
  return readTab<TPolicyRecord[]>(db, scope, TAB);
}

/**
 * A write scope resolved, with the survey copy made if this is the respondent's first touch of
 * the tab (a save before any read must not leave the copy out).
 */
async function writeScope(
  db: Db,
  userId: number,
  surveyId: number | null | undefined,
  check: (scope: ReportingScope) => Promise<void>,
) {
  const scope = await resolveWriteScope(db, userId, surveyId);
  // Refused input (an unknown policy, another scope's id) touches nothing, not even the copy.
  await check(scope);
  await prepareTabRead(db, scope, TAB);
  return scope;
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

/** organization_id, when sent, must be the caller's own (saves never reach another organization). */
function requireOwnOrganization(scope: ReportingScope, organizationId: number | null | undefined) {
  if (organizationId != null && organizationId !== scope.organizationId) throw notFound('Organization');
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
  const scope = await writeScope(db, userId, input.survey_id, async (scope) => {
    requireOwnOrganization(scope, input.organization_id);
    await requirePolicy(db, input.policy_id);
  });
  await withStoredFiles(storage, scope.organizationId, uploads, (stored) =>
    saveTab(db, scope, TAB, input.updated_at, async (tx) => {
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
  return reread(db, scope);
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
  const scope = await writeScope(db, userId, input.survey_id, async (scope) => {
    requireOwnOrganization(scope, input.organization_id);
    if (!(await repo.findRecord(db, scope, input.id))) throw notFound('Policy');
    await requirePolicy(db, input.policy_id);
  });
  await withStoredFiles(storage, scope.organizationId, uploads, (stored) =>
    saveTab(db, scope, TAB, input.updated_at, async (tx) => {
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
  return reread(db, scope);
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
  const scope = await writeScope(db, userId, surveyId, async (scope) => {
    if (!(await repo.findRecord(db, scope, id))) throw notFound('Policy');
  });
  let keys: string[] = [];
  await saveTab(db, scope, TAB, updatedAt, async (tx) => {
    const record = await repo.findRecord(tx, scope, id);
    if (!record) throw notFound('Policy');
    keys = await repo.deleteRecords(tx, [record.id]);
  });
  await Promise.all(keys.map((key) => storage.delete(key)));
  return reread(db, scope);
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
  const scope = await writeScope(db, userId, surveyId, async (scope) => {
    if (!(await repo.findRecord(db, { organizationId: scope.organizationId, surveyId: null }, recordId)))
      throw notFound('Policy');
  });
  const own = { organizationId: scope.organizationId, surveyId: null };
  let keys: string[] = [];
  await saveTab(db, scope, TAB, updatedAt, async (tx) => {
    if (!(await repo.findRecord(tx, own, recordId))) throw notFound('Policy');
    keys = await repo.deleteRecords(tx, await repo.recordsLoadedFrom(tx, scope, recordId));
    await repo.copyRecordsToSurvey(tx, scope.organizationId, surveyId, recordId);
  });
  await Promise.all(keys.map((key) => storage.delete(key)));
  return reread(db, scope);
}

/** GET /api/policies/attachments/{id}: whoever may read the record's scope. */
export async function download(db: Db, storage: Storage, userId: number, attachmentId: number) {
  const attachment = await repo.findAttachment(db, attachmentId);
  if (!attachment) throw notFound('Attachment');
  try {
    await resolveScope(db, userId, {
      organizationId: attachment.organization_id,
      surveyId: attachment.survey_id,
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

import {
  ACCOUNT_ERASED_MESSAGE,
  EXPORT_VERSION,
  type TEraseAccountRequest,
  type TExportFormat,
  WRONG_PASSWORD_MESSAGE,
} from '@parity/domain/data-portability';
import { loadCaller } from '../../core/access/caller';
import { authorizeOrganization } from '../../core/access/organization-guard';
import { audit } from '../../core/audit';
import { fieldError, hashPassword, verifyPassword } from '../../core/auth/passwords';
import { signalSessionEnd } from '../../core/auth/session-end';
import { newOpaqueToken } from '../../core/auth/tokens';
import { unauthorized } from '../../core/http/errors';
import type { Db, DbOrTx } from '../../db/client';
import { type Cell, workbookBuffer } from '../../lib/spreadsheet/workbook';
import type { Storage } from '../../plugins/storage';
import * as auditService from '../audit/service';
import * as lpi from '../lpi/service';
import * as members from '../members/service';
import * as organizations from '../organizations/service';
import { applyErasurePlan } from './erasure';
import * as repo from './repo';

const PAGE = 100;

/** Every page of a paginated service read. */
async function allPages<T>(read: (offset: number) => Promise<{ data: T[]; total: number }>): Promise<T[]> {
  const out: T[] = [];
  for (;;) {
    const page = await read(out.length);
    out.push(...page.data);
    if (page.data.length === 0 || out.length >= page.total) return out;
  }
}

const personName = (p: { name: string; lastname: string } | null) =>
  p ? `${p.name} ${p.lastname}`.trim() : null;

/** Everything the export holds, read through each module's own service (the caller's rights apply). */
async function collect(db: Db, userId: number, organizationId: number) {
  const organization = await organizations.getSettings(db, userId);
  const files = [
    ...(await allPages((offset) => organizations.listLibrary(db, userId, 'files', { limit: PAGE, offset }))),
    ...(await allPages((offset) => organizations.listLibrary(db, userId, 'media', { limit: PAGE, offset }))),
  ].map((f) => ({
    name: f.name,
    content_type: f.content_type,
    size: f.size,
    created_at: f.created_at,
    uploaded_by: personName(f.uploaded_by),
  }));
  const people = (await members.listMembers(db, userId, 'me')).data.map((m) => ({
    name: personName(m),
    email: m.email,
    role: m.manage_settings ? 'admin' : 'member',
    status: m.status,
    joined_at: m.created_at,
  }));
  const auditLog = (
    await allPages((offset) => auditService.auditLog(db, userId, { limit: PAGE, offset }))
  ).map((e) => ({
    at: e.at,
    actor: personName(e.actor),
    entity: e.entity,
    entity_id: e.entity_id,
    entity_name: e.entity_name,
    action: e.action,
    before: e.before,
    after: e.after,
  }));
  return {
    organization,
    profile: await lpi.readProfile(db, organizationId, null),
    versions: await lpi.profileVersions(db, organizationId),
    submissions: await lpi.organizationSubmissions(db, organizationId),
    files,
    members: people,
    audit_log: auditLog,
  };
}

type ExportData = Awaited<ReturnType<typeof collect>>;

const text = (value: unknown): Cell =>
  value === null || value === undefined
    ? null
    : typeof value === 'number' || typeof value === 'string'
      ? value
      : JSON.stringify(value);

function toWorkbook(title: string, data: ExportData) {
  const table = <T extends Record<string, unknown>>(
    sheet: string,
    list: T[],
    headers: (keyof T & string)[],
  ) => ({
    title: sheet,
    headers,
    rows: list.map((row) => headers.map((h) => text(row[h]))),
  });
  const organization = Object.entries(data.organization).map(([field, value]) => [field, text(value)]);
  const profile: Cell[][] = [];
  for (const [tab, value] of Object.entries(data.profile)) {
    for (const [field, v] of Object.entries(lpi.flattenJson(value))) profile.push([tab, field, text(v)]);
  }
  return workbookBuffer(title, [
    { title: 'Organization', headers: ['field', 'value'], rows: organization },
    { title: 'Profile', headers: ['tab', 'field', 'value'], rows: profile },
    table('Versions', data.versions, ['survey_id', 'tab', 'version', 'kind', 'saved_at', 'saved_by']),
    table('Submissions', data.submissions, [
      'id',
      'survey_id',
      'submitted_at',
      'submitted_by',
      'scoring_version',
      'scores',
    ]),
    table('Files', data.files, ['name', 'content_type', 'size', 'created_at', 'uploaded_by']),
    table('Members', data.members, ['name', 'email', 'role', 'status', 'joined_at']),
    table('Audit log', data.audit_log, [
      'at',
      'actor',
      'entity',
      'entity_id',
      'entity_name',
      'action',
      'before',
      'after',
    ]),
  ]);
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

/**
 * GET /api/organizations/me/export: the organization's admins download all its data, built in
 * memory (an organization's data is small). Audited as an export by the caller.
 */
export async function exportOrganization(
  db: Db,
  userId: number,
  format: TExportFormat,
  now = new Date(),
): Promise<ExportFile> {
  const { organizationId } = await authorizeOrganization(db, userId, 'me', 'admin');
  const data = await collect(db, userId, organizationId);
  await db.transaction((tx) =>
    audit(tx, {
      actorId: userId,
      organizationId,
      entity: 'organization',
      entityId: organizationId,
      action: 'export',
      after: { format },
      at: now,
    }),
  );
  const base = `organization-${organizationId}-export-${now.toISOString().slice(0, 10)}`;
  if (format === 'xlsx') {
    return {
      fileName: `${base}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body: await toWorkbook(`${data.organization.name} data export`, data),
    };
  }
  const document = { version: EXPORT_VERSION, generated_at: now.toISOString(), ...data };
  return {
    fileName: `${base}.json`,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(document, null, 2),
  };
}

/**
 * DELETE /api/user-account: the caller erases their own account, confirmed by their password. In
 * one transaction the ERASURE_PLAN runs, the row is pseudonymised and the erasure audited (no
 * personal data in the entry); the profile image's bytes are removed after the commit.
 */
export async function eraseAccount(
  db: Db,
  storage: Storage,
  userId: number,
  input: TEraseAccountRequest,
  log: { warn: (obj: object, msg: string) => void },
  now = new Date(),
): Promise<{ message: string }> {
  const unusable = await hashPassword(newOpaqueToken());
  const storageKeys = await db.transaction(async (tx) => {
    const user = await repo.lockUserForErasure(tx, userId);
    if (!user) throw unauthorized();
    if (!(await verifyPassword(user.password_hash, input.password))) {
      throw fieldError('password', WRONG_PASSWORD_MESSAGE, 'invalid_password');
    }
    await members.assertMayLeaveOrganization(tx, userId);
    const organizationId = await ownOrganization(tx, userId);
    const { storageKeys: keys, changed } = await applyErasurePlan(tx, userId);
    await repo.pseudonymiseUser(tx, userId, unusable, now);
    // The plan deleted the user's sign-ins: their open event streams end too.
    await signalSessionEnd(tx, userId);
    await audit(tx, {
      actorId: userId,
      organizationId,
      entity: 'user',
      entityId: userId,
      action: 'erased',
      after: { rows: changed, files: keys.length },
      at: now,
    });
    return keys;
  });
  for (const key of storageKeys) {
    await storage
      .delete(key)
      .catch((error: unknown) => log.warn({ err: error, key }, 'erased file not removed'));
  }
  return { message: ACCOUNT_ERASED_MESSAGE };
}

/** The organization the user belongs to (any status), for the erasure's audit entry. */
async function ownOrganization(db: DbOrTx, userId: number): Promise<number | null> {
  return (await loadCaller(db, userId)).row.organization?.id ?? null;
}

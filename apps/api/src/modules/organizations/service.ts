import { PRIVATE } from '@parity/domain/account';
import { GLOBAL_INDUSTRY_KEYS } from '@parity/domain/dictionaries';
import type {
  TOrganizationDirectory,
  TOrganizationDirectoryQuery,
  TOrganizationPublic,
} from '@parity/domain/organization';
import {
  ORGANIZATION_PRIVATE_SECTIONS,
  ORGANIZATION_PUBLIC_SECTIONS,
  organizationScores,
  sizeBand,
} from '@parity/domain/organization';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_SIZE_MESSAGE,
  DOCUMENT_TYPES_MESSAGE,
  FILE_DELETED_MESSAGE,
  MEDIA_EXTENSIONS,
  MEDIA_MAX_BYTES,
  MEDIA_SIZE_MESSAGE,
  MEDIA_TYPES_MESSAGE,
  type TFilesQuery,
  type TOrganizationFile,
  type TOrganizationFileList,
} from '@parity/domain/organization-files';
import { canBePubliclyTraded } from '@parity/domain/organization-form';
import {
  CODE_EXPIRY_PAST_MESSAGE,
  type TOrganizationCode,
  type TRotateCodeRequest,
} from '@parity/domain/organization-invitations';
import {
  COLOR_MESSAGE,
  LEGAL_STRUCTURE_MESSAGE,
  ORGANIZATION_IMAGE_TYPES_MESSAGE,
  ORGANIZATION_UPDATED_MESSAGE,
  PRIMARY_CONTACT_MESSAGE,
  type TOrganizationImageSaved,
  type TOrganizationSettings,
  type TOrganizationSettingsSaved,
  type TOrganizationSettingsUpdate,
} from '@parity/domain/organization-settings';
import { loadCaller, requireAllowed } from '../../core/access/caller';
import {
  authorizeOrganization,
  isApprovedMemberOf,
  isInsiderOf,
  type MemberContext,
} from '../../core/access/organization-guard';
import { knowerOf, mayKnowOrganization } from '../../core/access/organization-visibility';
import { audit, changed } from '../../core/audit';
import { AppError, forbidden, notFound } from '../../core/http/errors';
import type { UploadedFile } from '../../core/http/multipart';
import { checkFile, IMAGE_EXTENSIONS } from '../../core/uploads/file-types';
import type { Db, DbOrTx } from '../../db/client';
import { extractDocumentText } from '../../lib/document-text';
import type { Storage } from '../../plugins/storage';
import * as repo from './repo';

/** The directory of public organizations; approved members and platform admins only (else 403). */
export async function listOrganizations(
  db: DbOrTx,
  callerId: number,
  q: TOrganizationDirectoryQuery,
): Promise<TOrganizationDirectory> {
  requireAllowed(await loadCaller(db, callerId));
  const { rows, total } = await repo.listPublic(db, {
    search: q.search_query || undefined,
    legalStructureId: q.legal_structure_id,
    industryId: q.industry_id,
    size: q.size,
    aumId: q.aum_id,
    limit: q.limit,
    offset: q.offset,
    sortBy: q.sort_by,
    sortOrder: q.sort_order,
  });
  return {
    data: rows.map(({ total_full_time_employees, ...r }) => ({
      ...r,
      size_band: sizeBand(total_full_time_employees),
    })),
    total,
  };
}

/**
 * The public page of one organization. A private or deleted organization is there only for who
 * may know it (core/access/organization-visibility.ts); anyone else gets 404 (its existence is
 * not told).
 */
export async function getOrganization(
  db: DbOrTx,
  callerId: number,
  organizationId: number,
): Promise<TOrganizationPublic> {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  const org = await repo.findOrganization(db, organizationId);
  if (!org || !(await mayKnowOrganization(db, knowerOf(caller), org))) throw notFound('Organization');
  const insider = isInsiderOf(caller, org.id);
  const {
    deleted_at: _d,
    primary_contact_id,
    identifiers: rawIdentifiers,
    created_at,
    updated_at,
    ...page
  } = org;
  const contact = primary_contact_id
    ? await repo.findPrimaryContact(db, org.id, primary_contact_id)
    : undefined;
  // The scores as GET /api/organizations/{id}/lpi tells them: to outsiders only when published.
  const published = org.is_public && org.publish_scores && !org.deleted_at;
  const scores = insider || published ? await repo.latestProfileScores(db, org.id) : null;
  const identifiers = GLOBAL_INDUSTRY_KEYS.flatMap((key) => {
    const id = (rawIdentifiers as Record<string, unknown> | null)?.[key];
    return typeof id === 'number' ? [{ key, id }] : [];
  });
  const names = await repo.globalIndustryNames(
    db,
    identifiers.map((i) => i.id),
  );
  return {
    ...page,
    size_of_workforce: sizeBand(org.total_full_time_employees),
    ...organizationScores(scores),
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
    // The private subpages are the caller's own organization's (my organization), not an admin's view.
    sections: isApprovedMemberOf(caller, org.id)
      ? [...ORGANIZATION_PUBLIC_SECTIONS, ...ORGANIZATION_PRIVATE_SECTIONS]
      : [...ORGANIZATION_PUBLIC_SECTIONS],
    addresses: await repo.listAddresses(db, org.id),
    primary_contact: contact
      ? {
          id: contact.id,
          name: contact.name,
          lastname: contact.private_fields.includes('lastname') ? PRIVATE : contact.lastname,
          title: contact.private_fields.includes('title') ? null : contact.title,
          email: insider ? contact.email : null,
        }
      : null,
    identifiers: identifiers.map((i) => ({ ...i, name: names.get(i.id) ?? null })),
  };
}

// --- the organization space ----------------------------------------------------------------------

const fieldError = (field: string, message: string) =>
  new AppError(400, 'validation_failed', `body.${field}: ${message}`, [{ field: `body.${field}`, message }]);

function toSettings(row: repo.SettingsRow): TOrganizationSettings {
  const { legal_structure_id, ...rest } = row;
  return { ...rest, legal_structure: legal_structure_id };
}

/** GET /api/organizations/me/settings: approved members read the form's values. */
export async function getSettings(db: DbOrTx, userId: number): Promise<TOrganizationSettings> {
  const { organizationId } = await authorizeOrganization(db, userId, 'me', 'member');
  const row = await repo.findSettings(db, organizationId);
  if (!row) throw notFound('Organization');
  return toSettings(row);
}

/**
 * PUT /api/organizations/me: the organization form (spec 5), admins only. The rules ran in the
 * body schema (organization-form.ts); the references are checked here: the primary contact must
 * be an approved member, the colour and legal structure must exist. Audited with the changed
 * fields before and after.
 */
export async function updateSettings(
  db: Db,
  userId: number,
  input: TOrganizationSettingsUpdate,
  now = new Date(),
): Promise<TOrganizationSettingsSaved> {
  return db.transaction(async (tx) => {
    const { organizationId } = await authorizeOrganization(tx, userId, 'me', 'admin');
    const current = await repo.findSettings(tx, organizationId, true);
    if (!current) throw notFound('Organization');
    if (input.legal_structure && !(await repo.legalStructureExists(tx, input.legal_structure))) {
      throw fieldError('legal_structure', LEGAL_STRUCTURE_MESSAGE);
    }
    if (
      input.primary_contact_id &&
      !(await repo.isApprovedMember(tx, organizationId, input.primary_contact_id))
    ) {
      throw fieldError('primary_contact_id', PRIMARY_CONTACT_MESSAGE);
    }
    if (input.color_id && !(await repo.colorExists(tx, input.color_id))) {
      throw fieldError('color_id', COLOR_MESSAGE);
    }
    const publiclyTraded = Boolean(input.is_publicly_traded) && canBePubliclyTraded(input.legal_structure);
    const next = {
      name: input.name ?? current.name,
      legal_structure_id: input.legal_structure ?? null,
      inception_date: input.inception_date ?? null,
      primary_contact_id: input.primary_contact_id ?? null,
      is_publicly_traded: publiclyTraded,
      ticker_symbol: input.ticker_symbol ? input.ticker_symbol : null,
      total_full_time_employees: input.total_full_time_employees ?? 0,
      total_leaders: input.total_leaders ?? 0,
      total_owners: input.total_owners ?? 0,
      ...(input.about !== undefined ? { about: input.about || null } : {}),
      ...(input.website !== undefined ? { website: input.website || null } : {}),
      ...(input.color_id !== undefined ? { color_id: input.color_id ?? null } : {}),
      ...(input.is_public !== undefined ? { is_public: input.is_public } : {}),
      ...(input.publish_scores !== undefined ? { publish_scores: input.publish_scores } : {}),
    };
    const diff = changed(current as unknown as Record<string, unknown>, next);
    if (diff.any) {
      await repo.updateOrganization(tx, organizationId, { ...next, updated_at: now });
      await audit(tx, {
        actorId: userId,
        organizationId,
        entity: 'organization',
        entityId: organizationId,
        action: 'update',
        before: diff.before,
        after: diff.after,
        at: now,
      });
    }
    const saved = await repo.findSettings(tx, organizationId);
    return { message: ORGANIZATION_UPDATED_MESSAGE, organization: toSettings(saved!) };
  });
}

type ImageWhich = 'logo' | 'cover';
const imageKind = (which: ImageWhich): repo.OrganizationFileKind =>
  which === 'logo' ? 'organization_logo' : 'organization_cover';

/**
 * POST /api/organizations/me/logo|cover: admins; PNG/JPEG/WebP by bytes, 5 MB. The bytes are
 * stored first, then the row, the organization's url and the audit entry in one transaction;
 * if that fails the bytes are removed. The previous image goes once the new one is in.
 */
export async function uploadImage(
  db: Db,
  storage: Storage,
  userId: number,
  which: ImageWhich,
  readFile: () => Promise<UploadedFile>,
  now = new Date(),
): Promise<TOrganizationImageSaved> {
  // Rights before the body: someone without them is refused without their bytes being read.
  const { organizationId } = await authorizeOrganization(db, userId, 'me', 'admin');
  const upload = checkFile(await readFile(), IMAGE_EXTENSIONS, ORGANIZATION_IMAGE_TYPES_MESSAGE);
  const key = `organizations/${organizationId}/${which}/${crypto.randomUUID()}.${upload.ext}`;
  await storage.put(key, upload.bytes, upload.contentType);
  let oldKeys: string[] = [];
  try {
    const url = await db.transaction(async (tx) => {
      await authorizeOrganization(tx, userId, 'me', 'admin');
      const current = await repo.findSettings(tx, organizationId, true);
      if (!current) throw notFound('Organization');
      const previous = await repo.listAllOfKind(tx, organizationId, imageKind(which));
      const file = await repo.insertFile(tx, {
        owner_user_id: userId,
        organization_id: organizationId,
        kind: imageKind(which),
        original_name: upload.name,
        content_type: upload.contentType,
        size: upload.bytes.length,
        storage_key: key,
        created_at: now,
      });
      await repo.deleteFiles(
        tx,
        previous.map((p) => p.id),
      );
      oldKeys = previous.map((p) => p.storage_key);
      const url = `/api/organizations/${organizationId}/${which}?v=${file.id.slice(0, 8)}`;
      await repo.updateOrganization(tx, organizationId, { [which]: url, updated_at: now });
      await audit(tx, {
        actorId: userId,
        organizationId,
        entity: 'organization',
        entityId: organizationId,
        action: which,
        before: { [which]: current[which] },
        after: { [which]: url, file_id: file.id, original_name: upload.name },
        at: now,
      });
      return url;
    });
    for (const old of oldKeys) await storage.delete(old);
    return { message: ORGANIZATION_UPDATED_MESSAGE, url };
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/** GET /api/organizations/{id}/logo|cover: as visible as the public page (else 404). */
export async function readImage(
  db: DbOrTx,
  storage: Storage,
  userId: number,
  organizationId: number,
  which: ImageWhich,
) {
  const caller = await loadCaller(db, userId);
  requireAllowed(caller);
  const org = await repo.findOrganization(db, organizationId);
  if (!org || !(await mayKnowOrganization(db, knowerOf(caller), org))) throw notFound('Organization');
  const file = await repo.findImageFile(db, organizationId, imageKind(which));
  const stream = file ? await storage.get(file.storage_key) : null;
  if (!file || !stream) throw notFound('Image');
  return { stream, file };
}

// --- organization codes ----------------------------------------------------------------------------

function toCode(row: Awaited<ReturnType<typeof repo.findActiveCode>>, now: Date): TOrganizationCode {
  if (!row) return { code: null, expires_at: null, created_at: null, expired: false };
  return {
    code: row.code,
    expires_at: row.expires_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    expired: row.expires_at !== null && row.expires_at.getTime() <= now.getTime(),
  };
}

/** GET /api/organizations/me/code: admins see the current code and its expiry. */
export async function getCode(db: DbOrTx, userId: number, now = new Date()): Promise<TOrganizationCode> {
  const { organizationId } = await authorizeOrganization(db, userId, 'me', 'admin');
  return toCode(await repo.findActiveCode(db, organizationId), now);
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A new random sign-up code (XXXXX-XXXXX, no look-alike characters); the admin console makes them too. */
export function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** POST /api/organizations/me/code/rotate: a new random code; the old ones are revoked at once. */
export async function rotateCode(
  db: Db,
  userId: number,
  input: TRotateCodeRequest,
  now = new Date(),
): Promise<TOrganizationCode> {
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw fieldError('expires_at', CODE_EXPIRY_PAST_MESSAGE);
  return db.transaction(async (tx) => {
    const { organizationId } = await authorizeOrganization(tx, userId, 'me', 'admin');
    const revoked = await repo.revokeCodes(tx, organizationId, now);
    let row: Awaited<ReturnType<typeof repo.insertCode>>;
    for (let i = 0; i < 5 && !row; i++) {
      row = await repo.insertCode(tx, {
        organization_id: organizationId,
        code: newCode(),
        expires_at: expiresAt,
      });
    }
    if (!row) throw new AppError(503, 'code_unavailable', 'No new code could be made. Please try again.');
    // The codes themselves stay out of the log (they are secrets of the organization).
    await audit(tx, {
      actorId: userId,
      organizationId,
      entity: 'organization_code',
      entityId: row.id,
      action: 'rotate',
      before: { revoked_code_ids: revoked.map((r) => r.id) },
      after: { code_id: row.id, expires_at: expiresAt?.toISOString() ?? null },
      at: now,
    });
    return toCode(row, now);
  });
}

// --- files and media -------------------------------------------------------------------------------

export type Library = 'files' | 'media';
const LIBRARY = {
  files: {
    kind: 'organization_document' as const,
    extensions: DOCUMENT_EXTENSIONS,
    max: DOCUMENT_MAX_BYTES,
    typesMessage: DOCUMENT_TYPES_MESSAGE,
    sizeMessage: DOCUMENT_SIZE_MESSAGE,
  },
  media: {
    kind: 'organization_media' as const,
    extensions: MEDIA_EXTENSIONS,
    max: MEDIA_MAX_BYTES,
    typesMessage: MEDIA_TYPES_MESSAGE,
    sizeMessage: MEDIA_SIZE_MESSAGE,
  },
};
/** The upload limit of a library and the 413 message over it. */
export const libraryLimit = (library: Library) => ({
  fileSize: LIBRARY[library].max,
  tooLargeMessage: LIBRARY[library].sizeMessage,
});

function toFile(
  library: Library,
  row: {
    id: string;
    original_name: string;
    content_type: string;
    size: number;
    created_at: Date;
    owner_user_id: number;
    owner_name: string | null;
    owner_lastname: string | null;
  },
  ctx: MemberContext,
): TOrganizationFile {
  const base = `/api/organizations/me/${library}/${row.id}`;
  return {
    id: row.id,
    name: row.original_name,
    content_type: row.content_type,
    size: row.size,
    created_at: row.created_at.toISOString(),
    uploaded_by:
      row.owner_name !== null
        ? { id: row.owner_user_id, name: row.owner_name, lastname: row.owner_lastname ?? '' }
        : null,
    download_url: `${base}/download`,
    preview_url: library === 'media' ? `${base}/preview` : null,
    can_delete:
      Boolean(ctx.caller.flags.isOrganizationAdministrator) || row.owner_user_id === ctx.caller.row.user.id,
  };
}

/** GET /api/organizations/me/files|media: approved members, newest first, paginated. */
export async function listLibrary(
  db: DbOrTx,
  userId: number,
  library: Library,
  q: TFilesQuery,
): Promise<TOrganizationFileList> {
  const ctx = await authorizeOrganization(db, userId, 'me', 'member');
  const { rows, total } = await repo.listFiles(
    db,
    ctx.organizationId,
    LIBRARY[library].kind,
    q.limit,
    q.offset,
  );
  return { data: rows.map((r) => toFile(library, r, ctx)), total };
}

/**
 * POST /api/organizations/me/files|media: approved members upload (documents 10 MB, images 5 MB,
 * type by bytes). Over the limit or of another type: 4xx and nothing stored.
 */
export async function uploadToLibrary(
  db: Db,
  storage: Storage,
  userId: number,
  library: Library,
  readFile: () => Promise<UploadedFile>,
  now = new Date(),
): Promise<TOrganizationFile> {
  const ctx = await authorizeOrganization(db, userId, 'me', 'member');
  const spec = LIBRARY[library];
  const upload = checkFile(await readFile(), spec.extensions, spec.typesMessage);
  // A document's words are searched (issue 17): read before the transaction, null when they cannot be.
  const text = library === 'files' ? await extractDocumentText(upload.bytes, upload.ext) : null;
  const key = `organizations/${ctx.organizationId}/${library}/${crypto.randomUUID()}.${upload.ext}`;
  await storage.put(key, upload.bytes, upload.contentType);
  try {
    const file = await db.transaction(async (tx) => {
      await authorizeOrganization(tx, userId, 'me', 'member');
      const row = await repo.insertFile(tx, {
        owner_user_id: userId,
        organization_id: ctx.organizationId,
        kind: spec.kind,
        original_name: upload.name,
        content_type: upload.contentType,
        size: upload.bytes.length,
        storage_key: key,
        text,
        created_at: now,
      });
      await audit(tx, {
        actorId: userId,
        organizationId: ctx.organizationId,
        entity: 'file',
        entityId: row.id,
        action: 'upload',
        after: { library, original_name: row.original_name, content_type: row.content_type, size: row.size },
        at: now,
      });
      return row;
    });
    const caller = await loadCaller(db, userId);
    return toFile(
      library,
      { ...file, owner_name: caller.row.user.name, owner_lastname: caller.row.user.lastname },
      ctx,
    );
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/** GET .../{id}/download|preview: approved members of the organization; another's file 404. */
export async function readFromLibrary(
  db: DbOrTx,
  storage: Storage,
  userId: number,
  library: Library,
  id: string,
) {
  const { organizationId } = await authorizeOrganization(db, userId, 'me', 'member');
  const file = await repo.findFile(db, organizationId, LIBRARY[library].kind, id);
  const stream = file ? await storage.get(file.storage_key) : null;
  if (!file || !stream) throw notFound('File');
  return { stream, file };
}

/** DELETE /api/organizations/me/files|media/{id}: admins, or the member who uploaded it (else 403). */
export async function deleteFromLibrary(
  db: Db,
  storage: Storage,
  userId: number,
  library: Library,
  id: string,
  now = new Date(),
): Promise<{ message: string }> {
  const key = await db.transaction(async (tx) => {
    const ctx = await authorizeOrganization(tx, userId, 'me', 'member');
    const file = await repo.findFile(tx, ctx.organizationId, LIBRARY[library].kind, id);
    if (!file) throw notFound('File');
    if (!ctx.caller.flags.isOrganizationAdministrator && file.owner_user_id !== userId) {
      throw forbidden('Only an admin of the organization or the person who uploaded the file may delete it.');
    }
    await repo.deleteFiles(tx, [file.id]);
    await audit(tx, {
      actorId: userId,
      organizationId: ctx.organizationId,
      entity: 'file',
      entityId: file.id,
      action: 'delete',
      before: {
        library,
        original_name: file.original_name,
        content_type: file.content_type,
        size: file.size,
      },
      at: now,
    });
    return file.storage_key;
  });
  await storage.delete(key);
  return { message: FILE_DELETED_MESSAGE };
}

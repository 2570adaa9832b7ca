import {
  displayName,
  HEALTHCHECK_FIELDS,
  PERSONAL_FIELDS,
  PRIVATE,
  PROFILE_REQUIRED_MESSAGE,
  type TPrivatableField,
  type TPublicAccount,
  type TUserAccount,
  type TUserAccountUpdate,
  type TUserDirectory,
} from '@parity/domain/account';
import { OTHER_OPTION_ID } from '@parity/domain/constants';
import { permissionSetsOf } from '@parity/domain/permissions';
import { MESSAGES } from '@parity/domain/validation/rules';
import { SignJWT } from 'jose';
import { type Caller, flagsOf, loadCaller, requireAllowed } from '../../core/access/caller';
import { approvedOrganizationId, isInsiderOf } from '../../core/access/organization-guard';
import { knowerOf, knownOrganization } from '../../core/access/organization-visibility';
import { findUserProfile, type UserProfileRow } from '../../core/access/user-profile';
import { AppError, forbidden, notFound } from '../../core/http/errors';
import type { DbOrTx } from '../../db/client';
import * as repo from './repo';

/** What of a person the caller may see: the email, and the organization beside them. */
export interface PersonView {
  email: boolean;
  organization: boolean;
}

const FULL: PersonView = { email: true, organization: true };

/**
 * What of a person the caller may see (their profile), or null: answered 404 as a missing id is.
 * Everything: themselves, platform admins, and colleagues (an approved member of the same
 * organization; a pending or declined one only to its admins). Another approved caller, never
 * the email: an approved member of an organization they may know (the users directory's rule,
 * core/access/organization-visibility.ts), and someone listed in the community (their own choice
 * to be shown), without a private organization they may not know. Anyone else is hidden: pending
 * users, members of such an organization who are not listed, platform admins who are not.
 */
export async function personVisibility(
  db: DbOrTx,
  caller: Caller,
  target: UserProfileRow,
): Promise<PersonView | null> {
  if (caller.row.user.id === target.user.id || caller.flags.isAdministrator) return FULL;
  if (!caller.flags.isAllowed) return null;
  const organization = target.organization;
  const approved = target.membership?.status === 'approved' && organization !== null;
  if (organization && organization.id === approvedOrganizationId(caller)) {
    return approved || caller.flags.isOrganizationAdministrator ? FULL : null;
  }
  // The community's rule of who may be listed: an approved member of a live organization, or a platform admin.
  if (!approved && !target.user.is_sadm) return null;
  const knows =
    organization !== null && (await knownOrganization(db, knowerOf(caller), organization.id)) !== null;
  if (knows) return { email: false, organization: true };
  return (await repo.isListedInCommunity(db, target.user.id)) ? { email: false, organization: false } : null;
}

/** May the caller change this user's profile? The owner or a platform admin; else 404. */
function canEditUser(caller: Caller, targetId: number): boolean {
  return caller.row.user.id === targetId || caller.row.user.is_sadm;
}

// --- shaping ------------------------------------------------------------------------------------

export const imageUrl = (userId: number, image: string | null) =>
  image ? `/api/users/${userId}/image/1` : null;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toUserAccount(row: UserProfileRow): TUserAccount {
  const u = row.user;
  const flags = flagsOf(row);
  const privateSet = new Set<string>(u.private_fields);
  const wrap = <T>(field: string, value: T) => ({ value, is_private: privateSet.has(field) });
  const membership = row.organization ? row.membership : null;
  const permissionNames = [
    'manage_settings',
    'user_manage_surveys',
    'survey_creation',
    'average_lpi_score_access',
  ] as const;
  const roles: string[] = [];
  if (flags.isAdministrator) roles.push('administrator');
  if (flags.isOrganizationAdministrator) roles.push('organization_administrator');
  if (flags.isSurveyHost) roles.push('survey_host');
  if (flags.status === 'approved') roles.push('member');
  if (flags.status === 'pending') roles.push('pending');
  return {
    id: u.id,
    name: u.name,
    lastname: u.lastname,
    email: u.email,
    title: u.title,
    image: u.image,
    image_url: imageUrl(u.id, u.image),
    corporate_title_id: u.corporate_title_id,
    functional_title_id: u.functional_title_id,
    organization: row.organization,
    office_address_id: u.office_address_id,
    personal_email: wrap('personal_email', u.personal_email),
    phone: wrap('phone', u.phone),
    mobile_phone: wrap('mobile_phone', u.mobile_phone),
    address: wrap('address', u.address),
    veteran: wrap('veteran', u.veteran),
    lgbt: wrap('lgbt', u.lgbt),
    is_generation_immigrant: wrap('is_generation_immigrant', u.is_generation_immigrant),
    is_disabled: wrap('is_disabled', u.is_disabled),
    gender_id: wrap('gender_id', u.gender_id),
    ethnicity_id: wrap('ethnicity_id', u.ethnicity_id),
    bio: wrap('bio', u.bio),
    start_date: wrap('start_date', u.start_date),
    languages: u.languages,
    interests: u.interests,
    resumes: [],
    private_fields: u.private_fields as TPrivatableField[],
    acknowledgements: u.acknowledgements,
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
    last_login: iso(u.last_login_at),
    two_fa_enabled: u.two_fa_enabled,
    is_sadm: u.is_sadm,
    is_approved: flags.status === 'approved',
    organization_permissions: membership,
    permissions: membership?.status === 'approved' ? permissionNames.filter((p) => membership[p]) : [],
    user_roles: roles,
    permission_sets: membership ? permissionSetsOf(membership) : [],
    sections: [],
  };
}

export function toPublicAccount(row: UserProfileRow, view: PersonView): TPublicAccount {
  const u = row.user;
  const privateSet = new Set<string>(u.private_fields);
  const shown = <T>(field: string, value: T | null): T | typeof PRIVATE | null => {
    if (privateSet.has(field)) return PRIVATE;
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
      return null;
    return value;
  };
  const lastname = shown('lastname', u.lastname);
  const personal = Object.fromEntries(
    PERSONAL_FIELDS.map((field) => [field, shown(field, u[field] as never)]),
  ) as Pick<TPublicAccount, (typeof PERSONAL_FIELDS)[number]>;
  return {
    id: u.id,
    name: u.name,
    lastname,
    display_name: displayName(u.name, lastname),
    email: view.email ? u.email : null,
    title: u.title || null,
    image_url: imageUrl(u.id, u.image),
    corporate_title_id: u.corporate_title_id,
    functional_title_id: u.functional_title_id,
    organization: view.organization ? row.organization : null,
    languages: u.languages,
    interests: u.interests,
    ...personal,
  };
}

// --- account ------------------------------------------------------------------------------------

/** Fields that may be sent without name and lastname (settings toggles, not a profile save). */
const SETTINGS_ONLY = new Set(['two_fa_enabled', 'private_fields']);

export async function updateUserAccount(
  db: DbOrTx,
  callerId: number,
  targetId: number,
  input: TUserAccountUpdate,
): Promise<TUserAccount> {
  const caller = await loadCaller(db, callerId);
  if (!canEditUser(caller, targetId)) throw notFound('User');
  const isProfileSave = Object.keys(input).some((k) => !SETTINGS_ONLY.has(k));
  const missing = (['name', 'lastname'] as const).filter(
    (f) => (isProfileSave || input[f] !== undefined) && !input[f]?.trim(),
  );
  if (missing.length) {
    throw new AppError(
      400,
      'validation_failed',
      `${PROFILE_REQUIRED_MESSAGE} ${missing.join(', ')}`,
      missing.map((f) => ({ field: `body.${f}`, message: 'Field is empty' })),
    );
  }
  await checkReferenceIds(db, input);
  if (input.two_fa_enabled !== undefined && targetId !== callerId) {
    throw forbidden('Only the account owner can turn two-factor sign-in on or off.');
  }
  return db.transaction(async (tx) => {
    const target = await findUserProfile(tx, targetId);
    if (!target) throw notFound('User');
    const { private_fields, ...rest } = input;
    const values: repo.UserUpdate = { ...rest };
    if (private_fields) values.private_fields = [...new Set(private_fields)];
    if (input.languages) values.languages = [...new Set(input.languages)];
    if (input.interests) values.interests = [...new Set(input.interests)];
    await repo.updateUser(tx, targetId, values);
    const updated = await findUserProfile(tx, targetId);
    return toUserAccount(updated!);
  });
}

/** Every id sent must be one of its dictionary's options: 'Value is not an allowed option'. */
async function checkReferenceIds(db: DbOrTx, input: TUserAccountUpdate) {
  const checks: [keyof TUserAccountUpdate, Parameters<typeof repo.existingReferenceIds>[1], boolean][] = [
    ['corporate_title_id', { group: 'corporate_titles' }, true],
    ['functional_title_id', { group: 'functional_titles' }, true],
    ['gender_id', 'genders', false],
    ['ethnicity_id', 'ethnicities', false],
    ['languages', { group: 'languages' }, false],
    ['interests', { group: 'interests' }, false],
  ];
  const detail: { field: string; message: string }[] = [];
  for (const [field, source, allowsOther] of checks) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    const ids = (Array.isArray(value) ? value : [value]).filter(
      (n): n is number => typeof n === 'number' && !(allowsOther && n === OTHER_OPTION_ID),
    );
    if (!ids.length) continue;
    const found = await repo.existingReferenceIds(db, source, ids);
    if (ids.some((n) => !found.has(n))) detail.push({ field: `body.${field}`, message: MESSAGES.option });
  }
  if (detail.length) {
    throw new AppError(400, 'validation_failed', `${detail[0]!.field}: ${detail[0]!.message}`, detail);
  }
}

export async function getPublicAccount(
  db: DbOrTx,
  callerId: number,
  targetId: number,
): Promise<TPublicAccount> {
  const caller = await loadCaller(db, callerId);
  const target = targetId === callerId ? caller.row : await findUserProfile(db, targetId);
  const view = target ? await personVisibility(db, caller, target) : null;
  if (!target || !view) throw notFound('User');
  return toPublicAccount(target, view);
}

export async function listUsers(
  db: DbOrTx,
  callerId: number,
  q: { search_query?: string; limit: number; offset: number; organization_id?: number },
): Promise<TUserDirectory> {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  const { rows, total } = await repo.listDirectory(db, knowerOf(caller), {
    search: q.search_query || undefined,
    organizationId: q.organization_id,
    limit: q.limit,
    offset: q.offset,
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      lastname: r.private_fields.includes('lastname') ? PRIVATE : r.lastname,
      title: r.title,
      image_url: imageUrl(r.id, r.image),
      organization: { id: r.organization_id, name: r.organization_name },
    })),
    total,
  };
}

// --- small account calls ------------------------------------------------------------------------

export async function acknowledge(db: DbOrTx, userId: number, type: string) {
  await loadCaller(db, userId);
  await repo.addAcknowledgement(db, userId, type);
  return { acknowledgements: (await loadCaller(db, userId)).row.user.acknowledgements };
}

export async function healthcheck(db: DbOrTx, userId: number) {
  const { user } = (await loadCaller(db, userId)).row;
  const missing = HEALTHCHECK_FIELDS.filter((f) => {
    const v = user[f];
    return v === null || (typeof v === 'string' && v.trim() === '');
  });
  return { complete: missing.length === 0, missing };
}

export async function listSaved(db: DbOrTx, userId: number) {
  await loadCaller(db, userId);
  const rows = await repo.listSaved(db, userId);
  return {
    data: rows.map((r) => ({
      id: r.id,
      kind: r.kind as 'organization' | 'survey',
      ref_id: r.ref_id,
      name: r.organization_name,
      created_at: r.created_at.toISOString(),
    })),
  };
}

export async function saveItem(db: DbOrTx, userId: number, kind: 'organization' | 'survey', refId: number) {
  const caller = await loadCaller(db, userId);
  requireAllowed(caller);
  if (kind === 'organization') {
    const org = await repo.findLiveOrganization(db, refId);
    // Another organization's private profile is not there for this caller.
    if (!org || (!org.is_public && !isInsiderOf(caller, refId))) throw notFound('Organization');
  }
  await repo.insertSaved(db, userId, kind, refId);
  return listSaved(db, userId);
}

export async function unsaveItem(db: DbOrTx, userId: number, kind: string, refId: number) {
  await loadCaller(db, userId);
  await repo.deleteSaved(db, userId, kind, refId);
}

export async function listAttachments(db: DbOrTx, userId: number) {
  const { user } = (await loadCaller(db, userId)).row;
  const rows = await repo.listFilesOf(db, userId);
  return {
    data: rows.map((f) => ({
      id: f.id,
      name: f.original_name,
      size: f.size,
      content_type: f.content_type,
      kind: f.kind,
      created_at: f.created_at.toISOString(),
      url: f.kind === 'user_image' && f.id === user.image ? imageUrl(user.id, f.id)! : `/api/files/${f.id}`,
    })),
  };
}

export const ANALYTICS_TOKEN_TTL_SECONDS = 5 * 60;
export const ANALYTICS_AUDIENCE = 'parity-analytics';
export const ANALYTICS_HOSTS_ONLY_MESSAGE = 'Only survey hosts may open the BI tool.';
export const ANALYTICS_NOT_CONFIGURED_MESSAGE = 'No BI tool is configured on this server.';
/** Replaced by the token in ANALYTICS_URL; without it the token goes in the `token` query parameter. */
export const ANALYTICS_TOKEN_PLACEHOLDER = '{token}';

/** The BI tool's address carrying the token. */
export function analyticsToolUrl(configured: string, token: string): string {
  if (configured.includes(ANALYTICS_TOKEN_PLACEHOLDER)) {
    return configured.replaceAll(ANALYTICS_TOKEN_PLACEHOLDER, encodeURIComponent(token));
  }
  const url = new URL(configured);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * A short-lived HS256 JWT for the BI tool (sub = user id, org = organization id) and the
 * configured address carrying it. Survey hosts and platform admins only (403); 404 while no BI
 * tool is configured.
 */
export async function analyticsToken(
  db: DbOrTx,
  secret: string,
  analyticsUrl: string | undefined,
  userId: number,
) {
  const caller = await loadCaller(db, userId);
  requireAllowed(caller);
  if (!caller.flags.isSurveyHost && !caller.flags.isAdministrator)
    throw forbidden(ANALYTICS_HOSTS_ONLY_MESSAGE);
  if (!analyticsUrl) throw new AppError(404, 'analytics_not_configured', ANALYTICS_NOT_CONFIGURED_MESSAGE);
  const token = await new SignJWT({ org: caller.row.organization?.id ?? null })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer('parity')
    .setAudience(ANALYTICS_AUDIENCE)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(`${ANALYTICS_TOKEN_TTL_SECONDS}s`)
    .sign(new TextEncoder().encode(secret));
  return { token, expires_in: ANALYTICS_TOKEN_TTL_SECONDS, url: analyticsToolUrl(analyticsUrl, token) };
}

/**
 * Exchange (issue 18): an organization shares its submitted LPI profile and scores with a named
 * investor organization until an expiry or a revocation; the investor may ask for access. The
 * rules and messages of the API's route schemas and the web's forms, written once.
 */
import { z } from 'zod';
import { LPI_KEYS, type TLpiKey } from './analytics';
import { SCALES } from './analytics-display';
import { TAB_KEYS, TAB_TITLES, type TTabKey, ZTabKey } from './lpi/tabs';
import { type Block, ZBlock } from './survey-response-document';

export const EXCHANGE_PAGE_SIZE = 20;
export const EXCHANGE_MAX_PAGE_SIZE = 100;
/** A request's message to the owner's admins. */
export const EXCHANGE_MESSAGE_MAX = 1000;
/** A grant's default length, and the longest one. */
export const EXCHANGE_DEFAULT_DAYS = 365;
export const EXCHANGE_MAX_YEARS = 5;

export const GRANT_STATUSES = ['active', 'expired', 'revoked'] as const;
export type TGrantStatus = (typeof GRANT_STATUSES)[number];
export const GRANT_STATUS_LABELS: Record<TGrantStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type TRequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<TRequestStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export const EXCHANGE_MESSAGES = {
  ownOrganization: 'You cannot share with your own organization.',
  ownRequest: 'You cannot request access to your own organization.',
  organizationNotFound: 'Organization not found.',
  grantNotFound: 'Grant not found.',
  requestNotFound: 'Request not found.',
  profileNotFound: 'Shared profile not found.',
  expiryPast: 'The expiry date must be today or later.',
  expiryTooFar: `The expiry date must be within ${EXCHANGE_MAX_YEARS} years.`,
  expiryInvalid: 'The expiry date must be a date (YYYY-MM-DD).',
  tabsEmpty: 'Choose at least one tab, or share everything.',
  tabsDuplicate: 'Each tab may be chosen once.',
  messageTooLong: `The message may have at most ${EXCHANGE_MESSAGE_MAX} characters.`,
  alreadyRevoked: 'This grant is already revoked.',
  duplicateRequest: 'Your organization already has a pending request to this organization.',
  requestDecided: 'This request has already been answered.',
  notSubmitted: (name: string) => `${name} has not submitted its profile yet.`,
} as const;

/** The other organization of a grant or request, as the pickers choose it. */
const organizationId = z.coerce
  .number({ error: 'Choose an organization.' })
  .int('Choose an organization.')
  .positive('Choose an organization.')
  .max(2_147_483_647, 'Choose an organization.');

/** Today as YYYY-MM-DD (UTC), the first day a grant may expire on. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The default expiry: a year from today. */
export function defaultExpiry(now = new Date()): string {
  return todayIso(new Date(now.getTime() + EXCHANGE_DEFAULT_DAYS * 86_400_000));
}

/** A grant is valid through its expiry date: it ends at the start of the next day (UTC). */
export function expiryInstant(expiresOn: string): Date {
  return new Date(Date.parse(`${expiresOn}T00:00:00Z`) + 86_400_000);
}

/** The date (YYYY-MM-DD) a grant ending at this instant is valid through. */
export function expiryDate(expiresAt: Date | string): string {
  return todayIso(new Date(new Date(expiresAt).getTime() - 86_400_000));
}

/** An expiry date: today or later, within EXCHANGE_MAX_YEARS. */
export const ZExpiresOn = z
  .string({ error: EXCHANGE_MESSAGES.expiryInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, EXCHANGE_MESSAGES.expiryInvalid)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), EXCHANGE_MESSAGES.expiryInvalid)
  .refine((value) => value >= todayIso(), EXCHANGE_MESSAGES.expiryPast)
  .refine((value) => {
    const latest = new Date();
    latest.setUTCFullYear(latest.getUTCFullYear() + EXCHANGE_MAX_YEARS);
    return value <= todayIso(latest);
  }, EXCHANGE_MESSAGES.expiryTooFar);

/** The tabs shared: a non-empty list of distinct tab keys, or null for everything. */
export const ZSharedTabs = z
  .array(ZTabKey)
  .min(1, EXCHANGE_MESSAGES.tabsEmpty)
  .refine((tabs) => new Set(tabs).size === tabs.length, EXCHANGE_MESSAGES.tabsDuplicate)
  .nullable();

/** POST /api/exchange/grants */
export const ZGrantCreate = z.strictObject({
  investor_organization_id: organizationId,
  tabs: ZSharedTabs.default(null),
  expires_on: ZExpiresOn,
});
export type TGrantCreate = z.infer<typeof ZGrantCreate>;

/** POST /api/exchange/requests */
export const ZRequestCreate = z.strictObject({
  owner_organization_id: organizationId,
  message: z.string().trim().max(EXCHANGE_MESSAGE_MAX, EXCHANGE_MESSAGES.messageTooLong).default(''),
  tabs: ZSharedTabs.default(null),
});
export type TRequestCreate = z.infer<typeof ZRequestCreate>;

/** POST /api/exchange/requests/{id}/accept: the owner's admins choose the tabs and the expiry. */
export const ZRequestAccept = z.strictObject({
  tabs: ZSharedTabs.default(null),
  expires_on: ZExpiresOn,
});
export type TRequestAccept = z.infer<typeof ZRequestAccept>;

const pageFields = {
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(10_000, 'page must be at most 10000')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(EXCHANGE_MAX_PAGE_SIZE, `limit must be at most ${EXCHANGE_MAX_PAGE_SIZE}`)
    .default(EXCHANGE_PAGE_SIZE),
};
export const ZExchangePageQuery = z.strictObject(pageFields);
export type TExchangePageQuery = z.infer<typeof ZExchangePageQuery>;

export const ZGrantListQuery = z.strictObject({
  ...pageFields,
  status: z.enum(GRANT_STATUSES, { error: `status must be one of ${GRANT_STATUSES.join(', ')}` }).optional(),
});
export type TGrantListQuery = z.infer<typeof ZGrantListQuery>;

export const REQUEST_DIRECTIONS = ['incoming', 'outgoing'] as const;
export const ZRequestListQuery = z.strictObject({
  ...pageFields,
  /** incoming: to my organization (the default); outgoing: made by it */
  direction: z
    .enum(REQUEST_DIRECTIONS, { error: 'direction must be incoming or outgoing' })
    .default('incoming'),
  status: z
    .enum(REQUEST_STATUSES, { error: `status must be one of ${REQUEST_STATUSES.join(', ')}` })
    .optional(),
});
export type TRequestListQuery = z.infer<typeof ZRequestListQuery>;

/* Answers */

const ZOrganizationRef = z.object({ id: z.number().int(), name: z.string() });
const ZPersonName = z.string().nullable();

export const ZGrant = z.object({
  id: z.number().int(),
  owner: ZOrganizationRef,
  investor: ZOrganizationRef,
  tabs: z.array(ZTabKey).nullable(),
  status: z.enum(GRANT_STATUSES),
  /** the last day the grant is valid (YYYY-MM-DD) */
  expires_on: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
  granted_by: ZPersonName,
  revoked_at: z.string().nullable(),
  revoked_by: ZPersonName,
  views: z.number().int(),
});
export type TGrant = z.infer<typeof ZGrant>;
export const ZGrantList = z.object({ data: z.array(ZGrant), total: z.number().int() });
export type TGrantList = z.infer<typeof ZGrantList>;

export const ZExchangeRequest = z.object({
  id: z.number().int(),
  owner: ZOrganizationRef,
  investor: ZOrganizationRef,
  requested_by: ZPersonName,
  message: z.string(),
  tabs: z.array(ZTabKey).nullable(),
  status: z.enum(REQUEST_STATUSES),
  decided_by: ZPersonName,
  decided_at: z.string().nullable(),
  grant_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type TExchangeRequest = z.infer<typeof ZExchangeRequest>;
export const ZExchangeRequestList = z.object({ data: z.array(ZExchangeRequest), total: z.number().int() });
export type TExchangeRequestList = z.infer<typeof ZExchangeRequestList>;

export const ZExchangeView = z.object({
  id: z.number().int(),
  grant_id: z.number().int(),
  investor: ZOrganizationRef,
  viewer: ZPersonName,
  tab: ZTabKey.nullable(),
  viewed_at: z.string(),
});
export type TExchangeView = z.infer<typeof ZExchangeView>;
export const ZExchangeViewList = z.object({ data: z.array(ZExchangeView), total: z.number().int() });
export type TExchangeViewList = z.infer<typeof ZExchangeViewList>;

/** One profile shared with the caller's organization (a live grant). */
export const ZSharedProfileSummary = z.object({
  grant_id: z.number().int(),
  owner: ZOrganizationRef,
  tabs: z.array(ZTabKey).nullable(),
  expires_on: z.string(),
  shared_at: z.string(),
  submitted_at: z.string().nullable(),
});
export type TSharedProfileSummary = z.infer<typeof ZSharedProfileSummary>;
export const ZSharedProfileList = z.object({ data: z.array(ZSharedProfileSummary), total: z.number().int() });
export type TSharedProfileList = z.infer<typeof ZSharedProfileList>;

/** The score figures of a submission (indices 0-10, component scores 0-100, transparency %). */
export const ZExchangeScores = z.record(z.enum(LPI_KEYS), z.number().nullable());

/** A shared tab as labelled fields and tables (a tab the submission lacks has no blocks). */
const ZSharedTab = z.object({ key: ZTabKey, title: z.string(), blocks: z.array(ZBlock) });
export type TSharedTab = Omit<z.infer<typeof ZSharedTab>, 'blocks'> & { blocks: Block[] };

/** GET /api/exchange/shared/{organizationId}: the owner's latest submitted profile, restricted to the shared tabs. */
export const ZSharedProfile = z.object({
  owner: ZOrganizationRef,
  grant: z.object({ id: z.number().int(), tabs: z.array(ZTabKey).nullable(), expires_on: z.string() }),
  submission: z
    .object({
      submitted_at: z.string(),
      scores: ZExchangeScores.nullable(),
      tabs: z.array(ZSharedTab),
    })
    .nullable(),
});
type TSharedProfileShape = z.infer<typeof ZSharedProfile>;
export type TSharedProfile = Omit<TSharedProfileShape, 'submission'> & {
  submission: (Omit<NonNullable<TSharedProfileShape['submission']>, 'tabs'> & { tabs: TSharedTab[] }) | null;
};

/** The tabs of a grant in words: 'All tabs' or their titles. */
export function tabsText(tabs: readonly TTabKey[] | null): string {
  return tabs === null ? 'All tabs' : tabs.map((tab) => TAB_TITLES[tab]).join(', ');
}

/** The shared tabs in profile order. */
export function sharedTabKeys(tabs: readonly TTabKey[] | null): TTabKey[] {
  return tabs === null ? [...TAB_KEYS] : TAB_KEYS.filter((key) => tabs.includes(key));
}

/** Each score as the shared profile shows it: its label and scale. */
export const EXCHANGE_SCORE_ROWS: readonly { key: TLpiKey; label: string; scale: string }[] = [
  { key: 'lpi', label: 'LPI', scale: SCALES.index },
  { key: 'lpi_prime', label: 'LPI Prime', scale: SCALES.index },
  { key: 'lpi_prime_gender', label: 'LPI Prime (gender)', scale: SCALES.index },
  { key: 'lpi_prime_racial', label: 'LPI Prime (racial)', scale: SCALES.index },
  { key: 'lpi_ownership', label: 'LPI Ownership', scale: SCALES.index },
  { key: 'lpi_ownership_gender', label: 'LPI Ownership (gender)', scale: SCALES.index },
  { key: 'lpi_ownership_racial', label: 'LPI Ownership (racial)', scale: SCALES.index },
  { key: 'staff_score', label: 'Total Full-Time Employees', scale: SCALES.score },
  { key: 'leadership_score', label: 'Senior Leadership', scale: SCALES.score },
  { key: 'ownership_score', label: 'Ownership', scale: SCALES.score },
  { key: 'transparency', label: 'Transparency', scale: SCALES.transparency },
];

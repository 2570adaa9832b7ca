/**
 * The LPI profile's tabs (spec 2 "LPI tabs"), their two scopes and the rules every tab save shares
 * (DESIGN 4): a save names the scope, carries the `updated_at` it was based on, and each save is
 * kept as an immutable version.
 */
import { z } from 'zod';
import { LPI_TAB_NAMES, type TLpiPage, type TLpiTabId } from './pages';

/**
 * What is saved, versioned and locked as one unit. A US-based grid is its own unit (its own save
 * call and `updated_at`) inside its tab.
 */
export const TAB_KEYS = [
  'overview',
  'staff',
  'us_staff',
  'ownership',
  'insights',
  'investment',
  'us_investment',
  'committee',
  'us_committee',
  'board',
  'policies',
  'practices',
  'miscellaneous',
] as const;
export const ZTabKey = z.enum(TAB_KEYS);
export type TTabKey = z.infer<typeof ZTabKey>;

export const TAB_ID_OF: Record<TTabKey, TLpiTabId> = {
  overview: 1,
  staff: 2,
  us_staff: 2,
  ownership: 3,
  insights: 4,
  investment: 5,
  us_investment: 5,
  board: 6,
  policies: 7,
  practices: 8,
  miscellaneous: 10,
  committee: 11,
  us_committee: 11,
};

/** A save unit's title: its tab's name, and '(US-based)' for a US-based variant. */
export const TAB_TITLES = Object.fromEntries(
  TAB_KEYS.map((key) => [
    key,
    `${LPI_TAB_NAMES[TAB_ID_OF[key]]}${key.startsWith('us_') ? ' (US-based)' : ''}`,
  ]),
) as Record<TTabKey, string>;

export {
  LPI_PAGE_TAB_ID,
  LPI_PAGE_TITLES,
  LPI_PAGES,
  LPI_TAB_IDS,
  LPI_TAB_NAMES,
  type TLpiPage,
  type TLpiTabId,
} from './pages';

/** The save units shown on each page (a page with a US-based variant has two). */
export const LPI_PAGE_TABS: Record<TLpiPage, readonly TTabKey[]> = {
  overview: ['overview'],
  fte: ['staff', 'us_staff'],
  ownership: ['ownership'],
  insights: ['insights'],
  investment: ['investment', 'us_investment'],
  committee: ['committee', 'us_committee'],
  board: ['board'],
  policies: ['policies'],
  practices: ['practices', 'miscellaneous'],
};

/** The form ids of /api/form-generator/{formId} and the miscellaneous questions. */
export const FORM_IDS = { PRACTICES: 8, MISCELLANEOUS: 10 } as const;

const id = z.coerce.number().int().positive().max(2_147_483_647);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * The scope query of the non-"me" read paths (spec 7): an organization's own data when only
 * organization_id is given, its survey copy when survey_id is too. `report` asks for a read-only
 * read that never creates the survey copy (hosts and exports).
 */
export const ZScopeQuery = z.strictObject({
  organization_id: id,
  survey_id: id.optional(),
  report: flag.optional(),
});
export type TScopeQuery = z.infer<typeof ZScopeQuery>;

/** Grid reads also take us_based (spec 7). */
export const ZGridScopeQuery = ZScopeQuery.extend({ us_based: flag.optional() });
export type TGridScopeQuery = z.infer<typeof ZGridScopeQuery>;

/** The "me" reads take an optional survey_id (the caller's organization in that survey). */
export const ZMeScopeQuery = z.strictObject({ survey_id: id.optional() });

export const STALE_SAVE_MESSAGE =
  'Someone saved this tab after you opened it. Reload to see their changes, or overwrite them with yours.';

/**
 * Fields every tab save carries: the survey (absent for the organization's own profile) and the
 * `updated_at` the edit was based on (null when the tab was never saved in this scope).
 */
export const ZSaveBase = z.object({
  survey_id: id.nullish(),
  updated_at: z.iso.datetime({ offset: true }).nullable(),
});
export type TSaveBase = z.infer<typeof ZSaveBase>;

/** The state every tab read answers with, next to its data. */
export const ZTabState = z.object({
  tab: ZTabKey,
  /** null until the tab is first saved in this scope */
  updated_at: z.string().nullable(),
  updated_by: z.object({ id: z.number().int(), name: z.string(), lastname: z.string() }).nullable(),
  /** survey scope: the respondent marked the step complete */
  completed: z.boolean(),
  /** whether the caller may save this tab in this scope */
  editable: z.boolean(),
  /** the latest version number saved in this scope (0 = none) */
  version: z.number().int(),
});
export type TTabState = z.infer<typeof ZTabState>;

/** The 409 body's detail of a stale save: what the server has now. */
export const ZConflictDetail = z.object({
  tab: ZTabKey,
  updated_at: z.string().nullable(),
  updated_by: ZTabState.shape.updated_by,
});
export type TConflictDetail = z.infer<typeof ZConflictDetail>;

/** One field or row that changed between two versions of a tab. */
export const ZVersionChange = z.object({
  kind: z.enum(['added', 'removed', 'changed']),
  /** a readable path: 'ownership', 'Jane Doe › ownership', 'Asian › Woman' */
  path: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type TVersionChange = z.infer<typeof ZVersionChange>;

export const ZTabVersion = z.object({
  id: z.number().int(),
  tab: ZTabKey,
  version: z.number().int(),
  kind: z.enum(['save', 'submit']),
  saved_at: z.string(),
  saved_by: z.object({ id: z.number().int(), name: z.string(), lastname: z.string() }).nullable(),
  /** what changed from the previous version (empty for the first) */
  changes: z.array(ZVersionChange),
});
export type TTabVersion = z.infer<typeof ZTabVersion>;

export const ZTabVersions = z.object({ data: z.array(ZTabVersion) });
export type TTabVersions = z.infer<typeof ZTabVersions>;

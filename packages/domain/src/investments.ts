import { z } from 'zod';
import { MIN_AGGREGATE } from './scoring/constants';

/**
 * Investments (issue 18): an investor organization's portfolio of managers (the organizations it
 * commits to, fund by fund), their latest shared scores and a roll-up of their staff. The rules and
 * messages shared by the API and the /investments page.
 */
const ZId = z.number({ error: 'Pick a manager.' }).int().positive().max(2_147_483_647);

export const ASSET_CLASSES = [
  'private_equity',
  'venture_capital',
  'private_credit',
  'real_estate',
  'infrastructure',
  'hedge_funds',
  'public_equity',
  'fixed_income',
] as const;
export type TAssetClass = (typeof ASSET_CLASSES)[number];
export const ASSET_CLASS_LABELS: Record<TAssetClass, string> = {
  private_equity: 'Private equity',
  venture_capital: 'Venture capital',
  private_credit: 'Private credit',
  real_estate: 'Real estate',
  infrastructure: 'Infrastructure',
  hedge_funds: 'Hedge funds',
  public_equity: 'Public equity',
  fixed_income: 'Fixed income',
};

/** ISO 4217 codes a commitment may be stated in; USD unless told otherwise. */
export const COMMITMENT_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'CHF', 'JPY', 'AUD'] as const;
export type TCommitmentCurrency = (typeof COMMITMENT_CURRENCIES)[number];
export const DEFAULT_CURRENCY: TCommitmentCurrency = 'USD';

export const FUND_NAME_MAX = 200;
/** The first vintage a fund may have, and how many years ahead a fund still raising may be dated. */
export const VINTAGE_MIN = 1950;
export const VINTAGE_YEARS_AHEAD = 3;
export const vintageMax = () => new Date().getUTCFullYear() + VINTAGE_YEARS_AHEAD;
/** numeric(16,2): up to 99 999 999 999 999.99 in the fund's currency. */
export const COMMITMENT_MAX = 99_999_999_999_999;
export const ORGANIZATION_CODE_MAX = 100;
export const PORTFOLIO_PAGE_SIZE = 25;

export const INVESTMENT_MESSAGES = {
  fundNameRequired: 'Fund name is required.',
  fundNameTooLong: `Fund name must be at most ${FUND_NAME_MAX} characters.`,
  vintage: `Vintage must be a year from ${VINTAGE_MIN} to ${VINTAGE_YEARS_AHEAD} years from now.`,
  commitment: 'Commitment must be a number.',
  commitmentNegative: 'Commitment must be 0 or more.',
  commitmentTooLarge: `Commitment must be at most ${COMMITMENT_MAX.toLocaleString('en-US')}.`,
  commitmentCents: 'Commitment may have at most 2 decimals.',
  currency: `Currency must be one of ${COMMITMENT_CURRENCIES.join(', ')}.`,
  assetClass: `Asset class must be one of ${ASSET_CLASSES.map((a) => ASSET_CLASS_LABELS[a]).join(', ')}.`,
  managerRequired: 'Pick a manager, or enter its organization code.',
  managerOrCode: 'Pick a manager or enter an organization code, not both.',
  managerNotFound:
    'Manager not found: pick a public organization, one that shares with you, or enter its code.',
  managerIsSelf: 'Your own organization cannot be one of its managers.',
  entryNotFound: 'Portfolio entry not found.',
  mixedCurrencies:
    'The shared managers’ commitments are in several currencies: a weighted roll-up needs them in one currency.',
} as const;

const ZFundName = z
  .string({ error: INVESTMENT_MESSAGES.fundNameRequired })
  .trim()
  .min(1, { error: INVESTMENT_MESSAGES.fundNameRequired })
  .max(FUND_NAME_MAX, { error: INVESTMENT_MESSAGES.fundNameTooLong });
const ZVintage = z
  .number({ error: INVESTMENT_MESSAGES.vintage })
  .int({ error: INVESTMENT_MESSAGES.vintage })
  .refine((year) => year >= VINTAGE_MIN && year <= vintageMax(), { error: INVESTMENT_MESSAGES.vintage });
const ZCommitment = z
  .number({ error: INVESTMENT_MESSAGES.commitment })
  .min(0, { error: INVESTMENT_MESSAGES.commitmentNegative })
  .max(COMMITMENT_MAX, { error: INVESTMENT_MESSAGES.commitmentTooLarge })
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    error: INVESTMENT_MESSAGES.commitmentCents,
  });
const ZCurrency = z.enum(COMMITMENT_CURRENCIES, { error: INVESTMENT_MESSAGES.currency });
const ZAssetClass = z.enum(ASSET_CLASSES, { error: INVESTMENT_MESSAGES.assetClass });
const ZOrganizationCode = z
  .string()
  .trim()
  .max(ORGANIZATION_CODE_MAX, { error: INVESTMENT_MESSAGES.managerNotFound });

const fundFields = {
  fund_name: ZFundName,
  vintage: ZVintage,
  commitment: ZCommitment,
  currency: ZCurrency,
  asset_class: ZAssetClass,
};

/** Exactly one way of naming the manager: a picked organization or an organization code. */
function oneManager(
  entry: { manager_organization_id?: number | null; organization_code?: string },
  ctx: z.RefinementCtx,
) {
  const byId = entry.manager_organization_id != null;
  const byCode = Boolean(entry.organization_code);
  if (!byId && !byCode)
    ctx.addIssue({
      code: 'custom',
      path: ['manager_organization_id'],
      message: INVESTMENT_MESSAGES.managerRequired,
    });
  if (byId && byCode)
    ctx.addIssue({ code: 'custom', path: ['organization_code'], message: INVESTMENT_MESSAGES.managerOrCode });
}

/** POST /api/investments: a fund of a manager picked by id (a candidate) or by organization code. */
export const portfolioEntryCreateSchema = z
  .strictObject({
    manager_organization_id: ZId.optional(),
    organization_code: ZOrganizationCode.optional(),
    ...fundFields,
    currency: ZCurrency.default(DEFAULT_CURRENCY),
  })
  .superRefine(oneManager);
export type TPortfolioEntryCreate = z.input<typeof portfolioEntryCreateSchema>;

/** PATCH /api/investments/{entryId}: the fund's fields (the manager stays). */
export const portfolioEntryPatchSchema = z.strictObject({
  fund_name: ZFundName.optional(),
  vintage: ZVintage.optional(),
  commitment: ZCommitment.optional(),
  currency: ZCurrency.optional(),
  asset_class: ZAssetClass.optional(),
});
export type TPortfolioEntryPatch = z.infer<typeof portfolioEntryPatchSchema>;

/** The edit dialog's fields: every fund field. */
export const portfolioEntryEditFormSchema = z.object(fundFields);
export type TPortfolioEntryEditForm = z.infer<typeof portfolioEntryEditFormSchema>;

/** The add dialog's fields: the manager (picked, or its code) and the fund. */
export const portfolioEntryAddFormSchema = z
  .object({
    manager_organization_id: z.number().int().positive().nullable(),
    organization_code: ZOrganizationCode,
    ...fundFields,
  })
  .superRefine(oneManager);
export type TPortfolioEntryAddForm = z.infer<typeof portfolioEntryAddFormSchema>;

export const PORTFOLIO_SORTS = ['manager', 'fund', 'vintage', 'commitment', 'lpi', 'submitted'] as const;
export type TPortfolioSort = (typeof PORTFOLIO_SORTS)[number];
export const PORTFOLIO_SORT_LABELS: Record<TPortfolioSort, string> = {
  manager: 'Manager',
  fund: 'Fund',
  vintage: 'Vintage',
  commitment: 'Commitment',
  lpi: 'LPI score',
  submitted: 'Submitted',
};

const ZYesNo = z.enum(['yes', 'no'], { error: 'Shared must be yes or no.' });

export const portfolioListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PORTFOLIO_PAGE_SIZE),
  sort: z
    .enum(PORTFOLIO_SORTS, { error: `Sort must be one of ${PORTFOLIO_SORTS.join(', ')}.` })
    .default('manager'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc.' }).default('asc'),
  /** manager or fund name contains */
  q: z.string().trim().max(200).optional(),
  asset_class: ZAssetClass.optional(),
  vintage: z.coerce
    .number({ error: INVESTMENT_MESSAGES.vintage })
    .int({ error: INVESTMENT_MESSAGES.vintage })
    .min(VINTAGE_MIN, { error: INVESTMENT_MESSAGES.vintage })
    .max(9999, { error: INVESTMENT_MESSAGES.vintage })
    .optional(),
  shared: ZYesNo.optional(),
});
export type TPortfolioListQuery = z.input<typeof portfolioListQuerySchema>;
export type TPortfolioListQueryParsed = z.output<typeof portfolioListQuerySchema>;

export const rollupQuerySchema = z.strictObject({
  /** yes: each manager's staff shares weighted by its commitment (%); no: head counts (people) */
  weighted: ZYesNo.default('no'),
});
export type TRollupQuery = z.input<typeof rollupQuerySchema>;

export const managerSearchQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** A manager's figures from its latest submitted profile, while it shares with the investor. */
export const ZManagerScores = z.object({
  submitted_at: z.string(),
  /** 0–10 */
  lpi: z.number().nullable(),
  /** Pielou's evenness of staff and senior leaders (gender × ethnicity), 0–100 */
  evenness: z.number().nullable(),
  /** % of requested fields and grid cells reported */
  transparency: z.number().nullable(),
  /** 0–100 each */
  staff_score: z.number().nullable(),
  leadership_score: z.number().nullable(),
  ownership_score: z.number().nullable(),
});
export type TManagerScores = z.infer<typeof ZManagerScores>;

export const ZPortfolioEntry = z.object({
  id: z.number().int(),
  manager: z.object({ id: z.number().int(), name: z.string() }),
  fund_name: z.string(),
  vintage: z.number().int(),
  commitment: z.number(),
  currency: ZCurrency,
  asset_class: ZAssetClass,
  /** the manager has a live exchange grant to the investor */
  shared: z.boolean(),
  /** null when not shared, or shared without a submitted profile */
  scores: ZManagerScores.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPortfolioEntry = z.infer<typeof ZPortfolioEntry>;

export const ZPortfolioList = z.object({ data: z.array(ZPortfolioEntry), total: z.number().int() });
export type TPortfolioList = z.infer<typeof ZPortfolioList>;

export const ZManagerCandidate = z.object({
  id: z.number().int(),
  name: z.string(),
  /** it has a live grant to the investor */
  shared: z.boolean(),
});
export const ZManagerCandidates = z.object({ data: z.array(ZManagerCandidate), total: z.number().int() });
export type TManagerCandidates = z.infer<typeof ZManagerCandidates>;

export const ZRollupGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  /** how many managers report at least one person in the group */
  managers: z.number().int(),
  /** people (unweighted) or % (weighted); null while suppressed */
  value: z.number().nullable(),
  suppressed: z.boolean(),
  reason: z.string().nullable(),
});
export type TRollupGroup = z.infer<typeof ZRollupGroup>;

export const ZRollup = z.object({
  weighted: z.boolean(),
  /** 'people' for head counts, 'percent' for commitment-weighted shares */
  unit: z.enum(['people', 'percent']),
  /** the currency the weights are in (weighted roll-ups), else null */
  currency: z.string().nullable(),
  /** distinct managers in the portfolio */
  managers: z.number().int(),
  /** managers sharing with the investor */
  shared: z.number().int(),
  /** sharing managers whose latest profile reports staff: those the roll-up covers */
  reporting: z.number().int(),
  /** the staff those managers report, people */
  people: z.number(),
  gender: z.array(ZRollupGroup),
  ethnicity: z.array(ZRollupGroup),
});
export type TRollup = z.infer<typeof ZRollup>;

/** Why a group is hidden: the survey analytics' rule (fewer than MIN_AGGREGATE organizations). */
export function rollupSuppressionReason(managers: number): string | null {
  return managers < MIN_AGGREGATE
    ? `Hidden to protect privacy: fewer than ${MIN_AGGREGATE} managers (${managers}) report this group.`
    : null;
}

/** A commitment with its unit, e.g. "USD 25,000,000". */
export function commitmentText(amount: number, currency: string): string {
  return `${currency} ${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

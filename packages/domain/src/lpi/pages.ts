/*
 * The LPI tabs' ids and names, and the profile's pages, without zod: the web app's route table
 * imports them for the LPI side navigation, and the first page's bundle stays free of zod.
 */

/** Spec 2 tab ids. The US-based variants share their tab's id. */
export const LPI_TAB_IDS = {
  OVERVIEW: 1,
  STAFF: 2,
  OWNERSHIP: 3,
  INSIGHTS: 4,
  INVESTMENT: 5,
  BOARD: 6,
  POLICIES: 7,
  PRACTICES: 8,
  MISCELLANEOUS: 10,
  COMMITTEE: 11,
} as const;
export type TLpiTabId = (typeof LPI_TAB_IDS)[keyof typeof LPI_TAB_IDS];

/**
 * The LPI tabs' names (spec 2 "LPI tabs"), written once: the profile's tab bar, the survey's steps
 * (survey taking) and the hosting wizard's requested LPI steps all show these.
 */
export const LPI_TAB_NAMES: Record<TLpiTabId, string> = {
  [LPI_TAB_IDS.OVERVIEW]: 'Overview',
  [LPI_TAB_IDS.STAFF]: 'Total Full-Time Employees',
  [LPI_TAB_IDS.OWNERSHIP]: 'Ownership and Senior Leadership',
  [LPI_TAB_IDS.INSIGHTS]: 'Historical Insights (Past 3 Years)',
  [LPI_TAB_IDS.INVESTMENT]: 'Investment Staff',
  [LPI_TAB_IDS.BOARD]: 'Board Members',
  [LPI_TAB_IDS.POLICIES]: 'Policies',
  [LPI_TAB_IDS.PRACTICES]: 'Practices',
  [LPI_TAB_IDS.MISCELLANEOUS]: 'Miscellaneous',
  [LPI_TAB_IDS.COMMITTEE]: 'Investment Committee',
};

/**
 * The pages of /lpi/{page} and /organizations/private/lpi/{page} (spec 2), in order. `staff` is
 * the reporting page's name for the /lpi `fte` page.
 */
export const LPI_PAGES = [
  'overview',
  'fte',
  'ownership',
  'insights',
  'investment',
  'committee',
  'board',
  'policies',
  'practices',
] as const;
export type TLpiPage = (typeof LPI_PAGES)[number];

/** The tab each page is named after (the Practices page also holds Miscellaneous). */
export const LPI_PAGE_TAB_ID: Record<TLpiPage, TLpiTabId> = {
  overview: LPI_TAB_IDS.OVERVIEW,
  fte: LPI_TAB_IDS.STAFF,
  ownership: LPI_TAB_IDS.OWNERSHIP,
  insights: LPI_TAB_IDS.INSIGHTS,
  investment: LPI_TAB_IDS.INVESTMENT,
  committee: LPI_TAB_IDS.COMMITTEE,
  board: LPI_TAB_IDS.BOARD,
  policies: LPI_TAB_IDS.POLICIES,
  practices: LPI_TAB_IDS.PRACTICES,
};

export const LPI_PAGE_TITLES = Object.fromEntries(
  LPI_PAGES.map((page) => [page, LPI_TAB_NAMES[LPI_PAGE_TAB_ID[page]]]),
) as Record<TLpiPage, string>;

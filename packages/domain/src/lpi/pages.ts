/*
 * The LPI profile's pages and their titles, without zod: the web app's route table imports them
 * for the LPI side navigation, and the first page's bundle stays free of zod.
 */

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

export const LPI_PAGE_TITLES: Record<TLpiPage, string> = {
  overview: 'Overview',
  fte: 'Total Full-Time Employees',
  ownership: 'Ownership and Senior Leadership',
  insights: 'Historical Insights (Past 3 Years)',
  investment: 'Investment Staff',
  committee: 'Investment Committee',
  board: 'Board Members',
  policies: 'Policies',
  practices: 'Practices',
};

import type { TDictionaryName } from './dictionaries';

// Kept apart from the zod schemas in dictionaries.ts: the web app's start-up needs these paths,
// and importing them must not pull zod into the first page's bundle.

export interface DictionaryEndpoint {
  path: string;
  /** Static reference data (changes only by migration): clients may cache it for 24 h. */
  cacheable: boolean;
  /** Read without a sign-in: the sign-up steps need it before the account may sign in. */
  public?: boolean;
}

/** Spec 7: the GET endpoint of each dictionary; tags, interests and roles are not cached. */
export const DICTIONARY_ENDPOINTS: Record<TDictionaryName, DictionaryEndpoint> = {
  genders: { path: '/api/genders', cacheable: true },
  genderCategories: { path: '/api/genders/categories', cacheable: true },
  ethnicities: { path: '/api/ethnicities', cacheable: true },
  colors: { path: '/api/colors', cacheable: true },
  languages: { path: '/api/languages', cacheable: true },
  tags: { path: '/api/tags', cacheable: false },
  functionalTitles: { path: '/api/functional-titles', cacheable: true },
  corporateTitles: { path: '/api/corporate-titles', cacheable: true },
  interests: { path: '/api/interests', cacheable: false },
  roles: { path: '/api/roles', cacheable: false },
  globalReasonForChange: { path: '/api/organization-name-change-reasons', cacheable: true },
  globalIndustryHierarchy: { path: '/api/global-industry-hierarchy', cacheable: true },
  globalIndustryHierarchyTypes: { path: '/api/global-industry-hierarchy-type', cacheable: true },
  legalStructures: { path: '/api/organization-legal-structures', cacheable: true, public: true },
  attributeOptions: { path: '/api/attributes/relations', cacheable: true },
};

import {
  ATTRIBUTE_GROUPS,
  DICTIONARY_SCHEMAS,
  identificationCategory,
  type TDictionaryName,
} from '@parity/domain/dictionaries';
import { DICTIONARY_ENDPOINTS } from '@parity/domain/dictionary-endpoints';
import { strongEtag } from '../../core/http/etag';
import type { DbOrTx } from '../../db/client';
import * as repo from './repo';

/** Option groups of the `options` table behind the plain option-list dictionaries. */
const OPTION_GROUPS = {
  languages: 'languages',
  tags: 'tags',
  functionalTitles: 'functional_titles',
  corporateTitles: 'corporate_titles',
  interests: 'interests',
  roles: 'roles',
  globalReasonForChange: 'name_change_reasons',
} as const;

async function loadAttributeOptions(db: DbOrTx) {
  const rows = await repo.listOptionsOfGroups(db, ATTRIBUTE_GROUPS);
  const groups = Object.fromEntries(ATTRIBUTE_GROUPS.map((g) => [g, [] as object[]]));
  for (const { group, id, name } of rows) {
    groups[group]?.push(
      group === 'identification' ? { id, name, category: identificationCategory(name) } : { id, name },
    );
  }
  return groups;
}

/** The `data` of each dictionary, straight from the database (validated when serialized). */
const loaders: Record<TDictionaryName, (db: DbOrTx) => Promise<unknown>> = {
  genders: repo.listGenders,
  genderCategories: repo.listGenderCategories,
  ethnicities: async (db) =>
    (await repo.listEthnicities(db)).map((row) => ({
      ...row,
      is_white: row.is_white === 1,
      is_undisclosed: row.is_undisclosed === 1,
    })),
  colors: repo.listColors,
  languages: (db) => repo.listOptions(db, OPTION_GROUPS.languages),
  tags: (db) => repo.listOptions(db, OPTION_GROUPS.tags),
  functionalTitles: (db) => repo.listOptions(db, OPTION_GROUPS.functionalTitles),
  corporateTitles: (db) => repo.listOptions(db, OPTION_GROUPS.corporateTitles),
  interests: (db) => repo.listOptions(db, OPTION_GROUPS.interests),
  roles: (db) => repo.listOptions(db, OPTION_GROUPS.roles),
  globalReasonForChange: (db) => repo.listOptions(db, OPTION_GROUPS.globalReasonForChange),
  globalIndustryHierarchy: repo.listGlobalIndustries,
  globalIndustryHierarchyTypes: repo.listGlobalIndustryTypes,
  legalStructures: repo.listLegalStructures,
  attributeOptions: loadAttributeOptions,
};

/** A serialized response: the bytes of `{ data }` and their strong ETag. */
export interface DictionaryBody {
  body: Buffer;
  etag: string;
}

async function buildBody(db: DbOrTx, name: TDictionaryName): Promise<DictionaryBody> {
  // Parsing against the shared schema keeps the served bytes true to the documented contract,
  // since the route sends them pre-serialized (no per-request serializer).
  const data = DICTIONARY_SCHEMAS[name].parse(await loaders[name](db));
  const body = Buffer.from(JSON.stringify({ data }));
  return { body, etag: strongEtag(body) };
}

/**
 * Serves dictionaries. Static ones change only by migration, so each is loaded and serialized
 * once per process, on first use; tags, interests and roles are read on every call.
 */
export class DictionaryService {
  private readonly pending = new Map<TDictionaryName, Promise<DictionaryBody>>();
  private readonly ready = new Map<TDictionaryName, DictionaryBody>();

  constructor(private readonly db: DbOrTx) {}

  async get(name: TDictionaryName): Promise<DictionaryBody> {
    if (!DICTIONARY_ENDPOINTS[name].cacheable) return buildBody(this.db, name);
    const hit = this.ready.get(name);
    if (hit) return hit;
    let loading = this.pending.get(name);
    if (!loading) {
      // Concurrent first requests share one load; a failed load is forgotten so the next retries.
      loading = buildBody(this.db, name).then(
        (built) => {
          this.ready.set(name, built);
          this.pending.delete(name);
          return built;
        },
        (error: unknown) => {
          this.pending.delete(name);
          throw error;
        },
      );
      this.pending.set(name, loading);
    }
    return loading;
  }
}

const byId = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));

/** The names of the reference data that LPI tabs store as ids (an exported response shows them). */
export async function referenceNames(db: DbOrTx) {
  const [legal, industries, types, titles, genders, ethnicities, options] = await Promise.all([
    repo.listLegalStructures(db),
    repo.listGlobalIndustries(db),
    repo.listGlobalIndustryTypes(db),
    repo.listOptions(db, 'corporate_titles'),
    repo.listGenders(db),
    repo.listEthnicities(db),
    repo.listOptionsOfGroups(db, ATTRIBUTE_GROUPS),
  ]);
  const groups = new Map<string, Map<number, string>>();
  for (const option of options) {
    const group = groups.get(option.group) ?? new Map<number, string>();
    group.set(option.id, option.name);
    groups.set(option.group, group);
  }
  return {
    legalStructures: byId(legal),
    globalIndustries: byId(industries),
    globalIndustryTypes: new Map(types.map((t) => [t.key, t.name])),
    corporateTitles: byId(titles),
    genders: byId(genders),
    ethnicities: byId(ethnicities),
    options: groups,
  };
}

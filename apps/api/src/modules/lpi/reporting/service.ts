import type { TTabKey, TTabState, TTabVersion } from '@parity/domain/lpi/tabs';
import type { TTabTitles } from '@parity/domain/lpi/titles';
import { notFound } from '../../../core/http/errors';
import type { DbOrTx } from '../../../db/client';
import { readScope, type ScopeQuery } from '../engine/scope';
import { readTabStates } from '../engine/tabs';
import { findVersion, listVersions } from '../engine/versions';
import { TABS } from '../tabs.registry';
import { countTabTitles, failingChecks } from './titles';

type ScopeParams = Pick<ScopeQuery, 'organization_id' | 'survey_id'>;

/** The reporting reads are reports: they never make a survey copy. */
const scopeOf = (db: DbOrTx, callerId: number, q: ScopeParams) =>
  readScope(db, callerId, { ...q, report: true });

/** The version history of one tab in a scope (the version panel). */
export async function versions(
  db: DbOrTx,
  callerId: number,
  q: ScopeParams & { tab: TTabKey },
): Promise<{ data: TTabVersion[] }> {
  const scope = await scopeOf(db, callerId, q);
  return { data: await listVersions(db, scope, q.tab, TABS[q.tab].flatten) };
}

/** One stored version's snapshot (what the tab looked like then). */
export async function version(db: DbOrTx, callerId: number, versionId: number, q: ScopeParams) {
  const scope = await scopeOf(db, callerId, q);
  const row = await findVersion(db, scope, versionId);
  if (!row) throw notFound('Version');
  return { id: versionId, tab: row.tab as TTabKey, version: row.version, snapshot: row.snapshot };
}

/** Every tab's state in a scope: when each was saved, by whom, and (surveys) completion. */
export async function tabStates(
  db: DbOrTx,
  callerId: number,
  q: ScopeParams,
): Promise<{ data: TTabState[] }> {
  const scope = await scopeOf(db, callerId, q);
  return { data: await readTabStates(db, scope) };
}

/** The counts of the tab titles in a scope (spec 2): same rights as the tabs' reads. */
export async function tabTitles(db: DbOrTx, callerId: number, q: ScopeParams): Promise<TTabTitles> {
  const scope = await scopeOf(db, callerId, q);
  const [titles, checks] = await Promise.all([countTabTitles(db, scope), failingChecks(db, scope)]);
  return { ...titles, checks };
}

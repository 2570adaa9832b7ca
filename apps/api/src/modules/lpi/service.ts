import type { TCheckIssue } from '@parity/domain/lpi/checks';
import { TAB_KEYS, type TTabKey } from '@parity/domain/lpi/tabs';
import { stepTabKeys } from '@parity/domain/surveys';
import type { Db, DbOrTx } from '../../db/client';
import type { ReportingScope } from './engine/scope';
import { ensureSurveyCopy, type TabDefinition } from './engine/tabs';
import { TABS } from './tabs.registry';

// What other modules use of the LPI: the scopes and their rights, the survey's steps, a step's
// survey copy, the one submit, and the tabs' data.

export { organizationSubmissions, profileVersions } from './engine/history';
export {
  type ReportingScope,
  readScope,
  resolveScope,
  SURVEY_SUBMITTED_MESSAGE,
  writeScope,
} from './engine/scope';
export { submit } from './engine/submit';
export { openSurveySteps, surveySteps } from './engine/survey-config';
export { flattenJson } from './engine/versions';

/** Makes the survey copy of every tab of a survey step before it is changed (a respondent's first touch). */
export async function ensureStepCopy(db: Db, scope: ReportingScope, stepId: number): Promise<TTabKey[]> {
  const keys = stepTabKeys(stepId);
  for (const key of keys) await ensureSurveyCopy(db, scope, TABS[key]);
  return keys;
}

/** The failing data checks (issue #19) of a survey step's tabs in a scope, read only. */
export async function stepChecks(db: DbOrTx, scope: ReportingScope, stepId: number): Promise<TCheckIssue[]> {
  const issues: TCheckIssue[] = [];
  for (const key of stepTabKeys(stepId)) {
    const definition: TabDefinition<unknown> = TABS[key];
    if (definition.checks)
      issues.push(...(await definition.checks(db, scope, await definition.read(db, scope))));
  }
  return issues;
}

/** These tabs' data in a scope, as their GETs answer it (read only: no copy is made). */
export async function readTabs(
  db: DbOrTx,
  scope: ReportingScope,
  tabs: Iterable<TTabKey>,
): Promise<Partial<Record<TTabKey, unknown>>> {
  const data: Partial<Record<TTabKey, unknown>> = {};
  for (const tab of tabs) data[tab] = await TABS[tab].read(db, scope);
  return data;
}

/**
 * Every tab's data of an organization's profile (surveyId null) or survey copy, read only: what a
 * submission's snapshot holds (the demo data's submitted responses).
 */
export function readProfile(db: DbOrTx, organizationId: number, surveyId: number | null) {
  const scope: ReportingScope = {
    organizationId,
    surveyId,
    callerId: 0,
    role: 'member',
    canEdit: false,
    refusal: null,
    readOnly: true,
  };
  return readTabs(db, scope, TAB_KEYS);
}

import type { TTabKey } from '@parity/domain/lpi/tabs';
import type { QueryParams } from '../../../lib/api-url';

/**
 * Whose profile a page shows (DESIGN 4): the caller's own organization (the /lpi and
 * /organizations/private/lpi pages), an organization's copy inside a survey (survey taking, and
 * a host's read-only view of a respondent), or another organization's own profile, read only (a
 * platform administrator's Diversity tab: the scoped reads with organization_id alone).
 */
export type LpiScope =
  | { kind: 'organization' }
  | { kind: 'survey'; organizationId: number; surveyId: number; report?: boolean }
  | { kind: 'other'; organizationId: number };

/** What every tab component receives from the LPI page. */
export interface LpiTabProps {
  scope: LpiScope;
  /** No editing: the caller lacks LPI access, the response is submitted, or a host reads it. */
  readOnly: boolean;
  /** The page's save units to show, when not all (a survey's Practices or Miscellaneous step). */
  units?: readonly TTabKey[];
}

export const surveyIdOf = (scope: LpiScope): number | null =>
  scope.kind === 'survey' ? scope.surveyId : null;

/** A stable query-key part for the scope. */
export function scopeKey(scope: LpiScope): (string | number)[] {
  if (scope.kind === 'other') return ['other', scope.organizationId];
  return scope.kind === 'survey'
    ? ['survey', scope.surveyId, scope.organizationId, scope.report ? 'report' : 'edit']
    : ['me'];
}

/**
 * The read call of a tab in a scope (spec 7): `mePath` for the organization's own profile
 * (`/api/organization/me/staff`), `scopedPath` with organization_id and survey_id for a survey copy
 * (`/api/staff?organization_id&survey_id&report`). `extra` adds parameters such as us_based.
 */
export function readCall(
  scope: LpiScope,
  mePath: string,
  scopedPath: string,
  extra: QueryParams = {},
): { path: string; params: QueryParams } {
  if (scope.kind === 'organization') return { path: mePath, params: extra };
  if (scope.kind === 'other')
    return { path: scopedPath, params: { organization_id: scope.organizationId, ...extra } };
  return {
    path: scopedPath,
    params: {
      organization_id: scope.organizationId,
      survey_id: scope.surveyId,
      ...(scope.report ? { report: true } : {}),
      ...extra,
    },
  };
}

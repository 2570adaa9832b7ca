import {
  NOT_YOUR_ORGANIZATION_EVENT_MESSAGE,
  NOT_YOUR_USAGE_EVENT_MESSAGE,
  type TUsageEvent,
  USAGE_EVENT_RECORDED_MESSAGE,
} from '@parity/domain/usage-events';
import { loadCaller, requireAllowed } from '../../core/access/caller';
import { approvedOrganizationId } from '../../core/access/organization-guard';
import { audit } from '../../core/audit';
import { forbidden, notFound } from '../../core/http/errors';
import type { Db } from '../../db/client';
import * as repo from './repo';

/**
 * POST /api/usage-events: a signed-in, approved user reports an event of their own, for their own
 * organization, about a survey that organization hosts (survey.created) or is invited to
 * (survey.submitted); it is recorded in the organization's audit log.
 */
export async function recordUsageEvent(db: Db, callerId: number, event: TUsageEvent) {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  if (event.user.id !== callerId) throw forbidden(NOT_YOUR_USAGE_EVENT_MESSAGE);
  if (approvedOrganizationId(caller) !== event.organizationId)
    throw forbidden(NOT_YOUR_ORGANIZATION_EVENT_MESSAGE);
  const link = await repo.surveyLink(db, event.surveyId, event.organizationId);
  const related = event.type === 'survey.created' ? link?.hosts : link?.invited;
  if (!related) throw notFound('Survey');
  await db.transaction(async (tx) => {
    await audit(tx, {
      actorId: callerId,
      organizationId: event.organizationId,
      entity: 'usage_event',
      entityId: event.surveyId,
      action: event.type,
      after: { survey_id: event.surveyId, user: event.user },
    });
  });
  return { message: USAGE_EVENT_RECORDED_MESSAGE };
}

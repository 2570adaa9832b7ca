/**
 * The web client's usage events and the spec's event payload check (spec 3): `type`, a numeric
 * `organizationId`, `surveyId`, and `user` with a numeric `id`, `email` and `name`. The client
 * checks an event before sending it (an invalid one is dropped) and the API checks it again
 * before recording it in the organization's audit log (POST /api/usage-events).
 */
import { z } from 'zod';
import { displayName } from './account';
import { email as emailRule } from './validation/rules';

export const USAGE_EVENT_TYPES = ['survey.created', 'survey.submitted'] as const;
export type TUsageEventType = (typeof USAGE_EVENT_TYPES)[number];

const id = z.number().int().positive().max(2_147_483_647);

export const ZUsageEvent = z.strictObject({
  type: z.enum(USAGE_EVENT_TYPES),
  organizationId: id,
  surveyId: id,
  user: z.strictObject({
    id,
    email: z
      .string()
      .trim()
      .min(1)
      .refine((value) => emailRule(value) === null, 'user.email must be an email address'),
    name: z.string().trim().min(1).max(255),
  }),
});
export type TUsageEvent = z.infer<typeof ZUsageEvent>;

export const USAGE_EVENT_RECORDED_MESSAGE = 'Event recorded';
export const NOT_YOUR_USAGE_EVENT_MESSAGE = 'Usage events are reported by their own user.';
export const NOT_YOUR_ORGANIZATION_EVENT_MESSAGE =
  'Usage events are reported for your own organization only.';

/**
 * The event of the signed-in account: its user and organization (null when it has none, which the
 * check then refuses).
 */
export function usageEventOf(
  type: TUsageEventType,
  account: { id: number; name: string; lastname: string; email: string; organization_id: number | null },
  surveyId: number,
) {
  return {
    type,
    organizationId: account.organization_id,
    surveyId,
    user: { id: account.id, email: account.email, name: displayName(account.name, account.lastname) },
  };
}

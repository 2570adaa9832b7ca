import { z } from 'zod';

/** Invitations of the organization space (spec 3) and organization codes (sign-up, spec 2). */
export const INVITATION_REVOKED_MESSAGE = 'The invitation was revoked.';

export const ZPendingInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
  /** true when the 7 days are over (resend it for a new link) */
  expired: z.boolean(),
  invited_by: z.object({ id: z.number().int(), name: z.string(), lastname: z.string() }).nullable(),
});
export type TPendingInvitation = z.infer<typeof ZPendingInvitation>;

export const ZPendingInvitationList = z.object({
  data: z.array(ZPendingInvitation),
  total: z.number().int(),
});
export type TPendingInvitationList = z.infer<typeof ZPendingInvitationList>;

/** GET /api/organizations/me/code: the organization code a person types at sign-up to join. */
export const ZOrganizationCode = z.object({
  /** null when the organization has no usable code (rotate to make one) */
  code: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string().nullable(),
  /** the code is past its expiry: sign-up refuses it (rotate for a new one) */
  expired: z.boolean(),
});
export type TOrganizationCode = z.infer<typeof ZOrganizationCode>;

export const CODE_EXPIRY_PAST_MESSAGE = 'The expiry must be in the future.';

/** POST /api/organizations/me/code/rotate: a new code; the old one stops working at once. */
export const ZRotateCodeRequest = z.strictObject({
  /** ISO date-time; absent or null: the code does not expire */
  expires_at: z.iso
    .datetime({ offset: true, error: 'The expiry must be a date and time (ISO 8601).' })
    .nullish(),
});
export type TRotateCodeRequest = z.infer<typeof ZRotateCodeRequest>;

/** The rotate form: a local date-time ('YYYY-MM-DD HH:mm:ss'), empty or in the future. */
export const ZRotateCodeForm = z.object({
  expires_at: z
    .string()
    .refine((value) => value === '' || new Date(value.replace(' ', 'T')).getTime() > Date.now(), {
      message: CODE_EXPIRY_PAST_MESSAGE,
    }),
});

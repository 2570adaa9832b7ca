import { z } from 'zod';
import { ZPassword, ZTokenResponse, ZUserStatus } from './auth';
import { LEGAL_STRUCTURE_IDS } from './constants';

/** Sign-up, invitations, members and approval (spec sections 2, 4 and 7). */

const required = 'Field is empty';

/** Spec 5's email rule: a trimmed address, compared case-insensitively. */
export const ZEmail = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(254, 'Value must be not more than 254 characters long')
  .pipe(z.email({ error: 'Email must be a valid email address' }));

const ZPersonName = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(100, 'Value must be not more than 100 characters long');

/** POST /api/signup: a new, unverified account. */
export const ZSignupRequest = z.strictObject({
  name: ZPersonName,
  lastname: ZPersonName,
  email: ZEmail,
  password: ZPassword,
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

/**
 * The one answer of sign-up and resend, whether the email was new or already registered, so
 * accounts cannot be enumerated.
 */
export const ZSignupAccepted = z.object({ message: z.string() });
export type TSignupAccepted = z.infer<typeof ZSignupAccepted>;

export const SIGNUP_ACCEPTED_MESSAGE =
  'Check your email: we sent a link to verify your address. It is valid for 24 hours.';

/** POST /api/signup/verification/resend */
export const ZResendVerificationRequest = z.strictObject({ email: ZEmail });
export type TResendVerificationRequest = z.infer<typeof ZResendVerificationRequest>;

/** POST /api/signup/verification: the link's account id and uuid. */
export const ZVerifyEmailRequest = z.strictObject({
  account_id: z.coerce.number({ error: required }).int().positive(),
  token: z.uuid({ error: 'The verification link is malformed.' }),
});
export type TVerifyEmailRequest = z.infer<typeof ZVerifyEmailRequest>;

export const ZVerifyEmailResponse = z.object({
  account_id: z.number().int(),
  email: z.string(),
  /** True when the link had been opened before: the address was already verified. */
  already_verified: z.boolean(),
  /**
   * The sign-up steps' proof (sent back in the X-Signup-Token header): joining or creating an
   * organization without signing in. Only the call that verified the address gets one.
   */
  signup_token: z.string().nullable(),
  /**
   * The session of a sign-in (the password was set at sign-up, the link proves the address): the
   * next steps and the dashboard need no second sign-in. Only with a signup_token.
   */
  token: ZTokenResponse.nullable(),
});
export type TVerifyEmailResponse = z.infer<typeof ZVerifyEmailResponse>;

/** The header that carries the sign-up token of POST /api/signup/verification. */
export const SIGNUP_TOKEN_HEADER = 'x-signup-token';

/** GET /api/signup/account: the account a sign-up step acts on, and where its sign-up stands. */
export const ZSignupAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  lastname: z.string(),
  status: ZUserStatus,
  organization_name: z.string().nullable(),
});
export type TSignupAccount = z.infer<typeof ZSignupAccount>;

/** POST /api/signup/organization/join */
export const ZJoinOrganizationRequest = z.strictObject({
  code: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(64, 'Value must be not more than 64 characters long'),
});
export type TJoinOrganizationRequest = z.infer<typeof ZJoinOrganizationRequest>;

const ZWebsite = z
  .string()
  .trim()
  .max(2048, 'Value must be not more than 2048 characters long')
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), {
    message: 'Website must be a valid URL starting with http:// or https://',
  });

const ZLegalStructureId = z
  .number()
  .int()
  .refine((id) => (LEGAL_STRUCTURE_IDS as readonly number[]).includes(id), {
    message: 'Value is not an allowed option',
  });

/** POST /api/signup/organization/create */
export const ZCreateOrganizationRequest = z.strictObject({
  name: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(255, 'Value must be not more than 255 characters long'),
  legal_structure_id: z.coerce.number({ error: required }).pipe(ZLegalStructureId),
  website: ZWebsite.nullish(),
});
export type TCreateOrganizationRequest = z.infer<typeof ZCreateOrganizationRequest>;

/** The create form: the legal structure is picked from a list, an id string until sent. */
export const ZCreateOrganizationForm = ZCreateOrganizationRequest.extend({
  legal_structure_id: z
    .string({ error: 'Legal structure is required' })
    .transform(Number)
    .pipe(ZLegalStructureId),
});

export const ZMembershipStatus = z.enum(['pending', 'approved', 'declined']);
export type TMembershipStatus = z.infer<typeof ZMembershipStatus>;

/** What joining or creating an organization answers: the caller's new place. */
export const ZSignupMembership = z.object({
  status: ZMembershipStatus,
  organization: z.object({ id: z.number().int(), name: z.string() }),
});
export type TSignupMembership = z.infer<typeof ZSignupMembership>;

/** GET /api/signup/invitations/{uuid} */
export const ZInvitationDetails = z.object({
  email: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  expires_at: z.string(),
});
export type TInvitationDetails = z.infer<typeof ZInvitationDetails>;

/** POST /api/signup/invitations/{uuid}/accept */
export const ZAcceptInvitationRequest = z.strictObject({
  name: ZPersonName,
  lastname: ZPersonName,
  password: ZPassword,
});
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;

export const ZAcceptInvitationResponse = z.object({
  account_id: z.number().int(),
  email: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
});
export type TAcceptInvitationResponse = z.infer<typeof ZAcceptInvitationResponse>;

/** POST /api/organizations/me/invitations */
export const ZCreateInvitationRequest = z.strictObject({ email: ZEmail });
export type TCreateInvitationRequest = z.infer<typeof ZCreateInvitationRequest>;

export const ZInvitation = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  email: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** A member of an organization (GET /api/organizations/{me|id}/members). */
export const ZMember = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  status: ZMembershipStatus,
  manage_settings: z.boolean(),
  user_manage_surveys: z.boolean(),
  survey_creation: z.boolean(),
  average_lpi_score_access: z.boolean(),
  /** When the person joined or asked to join. */
  created_at: z.string(),
});
export type TMember = z.infer<typeof ZMember>;

export const ZMemberList = z.object({ data: z.array(ZMember), total: z.number().int() });
export type TMemberList = z.infer<typeof ZMemberList>;

/** Admin of organization card (spec 3). */
export const ZOrganizationAdmin = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  image: z.string().nullable(),
  email: z.string(),
});
export type TOrganizationAdmin = z.infer<typeof ZOrganizationAdmin>;

export const ZOrganizationAdminList = z.object({ data: z.array(ZOrganizationAdmin) });
export type TOrganizationAdminList = z.infer<typeof ZOrganizationAdminList>;

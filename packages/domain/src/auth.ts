import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** Spec 5: the one message for every way a new password can fail the rule. */
export const PASSWORD_RULE_MESSAGE =
  'Password must be from 12 to 255 characters, include at least one capital letter, one sign and one number';

/** The signs a password must include at least one of (spec 5). */
export const PASSWORD_SIGNS = '-#$.%&*@!?';

/** True when a new password follows spec 5: 12-255 characters, a lowercase, a capital, a digit, a sign. */
export function isValidPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /[0-9]/.test(value) &&
    /[-#$.%&*@!?]/.test(value)
  );
}

/** A new password (sign-up, reset, change); a login checks no rule, only the stored hash. */
export const ZPassword = z.string().refine(isValidPassword, { message: PASSWORD_RULE_MESSAGE });

const required = 'Field is empty';

/** POST /api/oauth/token/ (JSON or form-encoded): the password grant of the first-party web client. */
export const ZPasswordGrantRequest = z.strictObject({
  grant_type: z.literal('password', { error: 'grant_type must be password' }),
  /** The account's email; compared case-insensitively. */
  username: z.string({ error: required }).trim().min(1, required).max(254),
  password: z.string({ error: required }).min(1, required).max(1024),
  client_id: z.string({ error: required }).min(1, required).max(100),
  client_secret: z.string().max(255).optional(),
  /** Accepted for compatibility; every token has the same rights. */
  scope: z.string().max(1000).optional(),
});
export type TPasswordGrantRequest = z.infer<typeof ZPasswordGrantRequest>;

/** POST /api/oauth/refresh (JSON or form-encoded). */
export const ZRefreshGrantRequest = z.strictObject({
  grant_type: z.literal('refresh_token', { error: 'grant_type must be refresh_token' }),
  refresh_token: z.string({ error: required }).min(1, required).max(200),
  /** Optional; when given it must be the client the refresh token was issued to. */
  client_id: z.string().min(1).max(100).optional(),
  client_secret: z.string().max(255).optional(),
  scope: z.string().max(1000).optional(),
});
export type TRefreshGrantRequest = z.infer<typeof ZRefreshGrantRequest>;

/** POST /api/oauth/logout: revokes the refresh token's whole family. */
export const ZLogoutRequest = z.strictObject({
  refresh_token: z.string({ error: required }).min(1, required).max(200),
  client_id: z.string().min(1).max(100).optional(),
});
export type TLogoutRequest = z.infer<typeof ZLogoutRequest>;

/** A token pair: the access token (JWT, Bearer) and the opaque refresh token, rotated on use. */
export const ZTokenResponse = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  /** Seconds the access token lives (900). */
  expires_in: z.number().int(),
  refresh_token: z.string(),
});
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

/** The password was right, but the account signs in with a second factor: no tokens yet. */
export const ZMfaRequiredResponse = z.object({ mfa_verification_required: z.literal(true) });
export type TMfaRequiredResponse = z.infer<typeof ZMfaRequiredResponse>;

export const ZPasswordGrantResponse = z.union([ZTokenResponse, ZMfaRequiredResponse]);
export type TPasswordGrantResponse = z.infer<typeof ZPasswordGrantResponse>;

/** The user's place in their organization; none when they belong to no organization. */
export const ZUserStatus = z.enum(['approved', 'pending', 'declined', 'none']);
export type TUserStatus = z.infer<typeof ZUserStatus>;

/** GET /api/user/status: the current account (slim) of spec 3. */
export const ZCurrentAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  organization_logo: z.string().nullable(),
  /** Approved member of an organization, or platform administrator. */
  isAllowed: z.boolean(),
  /** manage_settings */
  isOrganizationAdministrator: z.boolean(),
  /** is_sadm */
  isAdministrator: z.boolean(),
  /** user_manage_surveys */
  isSurveyHost: z.boolean(),
  /** average_lpi_score_access */
  hasLpiAccess: z.boolean(),
  /** survey_creation */
  hasSurveyCreation: z.boolean(),
  status: ZUserStatus,
});
export type TCurrentAccount = z.infer<typeof ZCurrentAccount>;

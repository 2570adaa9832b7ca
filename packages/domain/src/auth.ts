import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** The signs a password must include at least one of (spec 5). */
export const PASSWORD_SIGNS = '-#$.%&*@!?';

/** Spec 5: the one message for every way a new password can fail the rule (the spec's words). */
export const PASSWORD_RULE_MESSAGE =
  'Password must be from 12 to 255 characters, include at least one capital letter, one sign and one number';

/**
 * The rule as every new password's field describes it (sign-up, invitation, reset, expired
 * password, settings): one text, written from the rule's own constants. The API also refuses a
 * common password (apps/api/src/core/auth/common-passwords.ts).
 */
export const PASSWORD_RULE_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters with a lowercase letter, a capital letter, a number and a sign (${PASSWORD_SIGNS}); not a common password.`;

/** True when a new password follows spec 5: 12-255 characters, a lowercase, a capital, a digit, a sign. */
export function isValidPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /[0-9]/.test(value) &&
    [...value].some((character) => PASSWORD_SIGNS.includes(character))
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

/** The sign-in form (spec 7): its own messages; the grant above checks only that both are sent. */
export const ZLoginForm = z.object({
  username: z
    .string()
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .pipe(z.email({ error: 'Email must be a valid email address' })),
  password: z.string().min(1, 'Password is required'),
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

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

/**
 * The password was right, but the account signs in with a second factor: no tokens yet. A code
 * was mailed; `uuid` names the challenge (the page /login/verification/{uuid}).
 */
export const ZMfaRequiredResponse = z.object({
  mfa_verification_required: z.literal(true),
  uuid: z.string(),
});
export type TMfaRequiredResponse = z.infer<typeof ZMfaRequiredResponse>;

export const ZPasswordGrantResponse = z.union([ZTokenResponse, ZMfaRequiredResponse]);
export type TPasswordGrantResponse = z.infer<typeof ZPasswordGrantResponse>;

// ------------------------------------------------------------------------------------------
// Two-factor codes, password reset, expiry and change (spec 7, Authentication and account)

/** A trimmed email address (compared case-insensitively by the API). */
export const ZAuthEmail = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(254, 'Value must be not more than 254 characters long')
  .pipe(z.email({ error: 'Email must be a valid email address' }));

/** Two-factor codes go by email (the only kind). */
export const ZMfaType = z.literal('email', { error: 'type must be email' });

export const CODE_MESSAGE = 'The code is the 6 digits from the email';
/** A mailed code: 6 digits; spaces a person may type between them are ignored. */
export const ZMfaCode = z
  .string({ error: required })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, required)
      .regex(/^[0-9]{6}$/, CODE_MESSAGE),
  );

const ZChallengeId = z.uuid({ error: 'uuid must be the id of a verification' });

/** POST /api/mfa-send: a new code for the account's open challenge (the latest, or `uuid`). */
export const ZMfaSendRequest = z.strictObject({
  email: ZAuthEmail,
  type: ZMfaType.default('email'),
  uuid: ZChallengeId.optional(),
});
export type TMfaSendRequest = z.infer<typeof ZMfaSendRequest>;

/** The same answer whether or not the email has an account or an open challenge. */
export const ZNeutralResponse = z.object({ message: z.string() });
export type TNeutralResponse = z.infer<typeof ZNeutralResponse>;

export const MFA_SENT_MESSAGE = 'If a verification is waiting for that account, we sent it a new code.';

/**
 * POST /api/mfa-submit (JSON or form): the code of a challenge for the token pair. The spec's
 * form also carries the grant fields; `email` or `username` must be the challenge's account, and
 * a `password`, when sent, must be right too (the challenge already proves it was).
 */
export const ZMfaSubmitRequest = z
  .strictObject({
    uuid: ZChallengeId,
    code: ZMfaCode,
    email: ZAuthEmail.optional(),
    username: ZAuthEmail.optional(),
    password: z.string().min(1, required).max(1024).optional(),
    type: ZMfaType.default('email'),
    grant_type: z.literal('password', { error: 'grant_type must be password' }).optional(),
    client_id: z.string({ error: required }).min(1, required).max(100),
    client_secret: z.string().max(255).optional(),
    scope: z.string().max(1000).optional(),
  })
  .refine((v) => v.email !== undefined || v.username !== undefined, {
    message: required,
    path: ['email'],
  });
export type TMfaSubmitRequest = z.infer<typeof ZMfaSubmitRequest>;

/** The verification form: the account's email and the mailed code. */
export const ZMfaCodeForm = z.object({ email: ZAuthEmail, code: ZMfaCode });

export const CONFIRMATION_MESSAGE = 'The password confirmation does not match';
const ZCurrentPassword = z.string({ error: required }).min(1, required).max(1024);

/** POST /api/passwords/email: mails a reset link to a known account; the answer never tells. */
export const ZPasswordEmailRequest = z.strictObject({ email: ZAuthEmail });
export type TPasswordEmailRequest = z.infer<typeof ZPasswordEmailRequest>;
export const RESET_LINK_SENT_MESSAGE = 'If an account exists for that email, we sent a link.';

/** POST /api/passwords/reset: the mailed link's token and a new password. */
export const ZPasswordResetRequest = z
  .strictObject({
    email: ZAuthEmail,
    token: z.string({ error: required }).min(1, required).max(200),
    new_password: ZPassword,
    /** Optional here (the spec's call has none); checked when sent. */
    new_password_confirmation: z.string().max(1024).optional(),
  })
  .refine(
    (v) => v.new_password_confirmation === undefined || v.new_password_confirmation === v.new_password,
    {
      message: CONFIRMATION_MESSAGE,
      path: ['new_password_confirmation'],
    },
  );
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;
export const PASSWORD_RESET_MESSAGE =
  'Your password has been reset. You can now log in with the new password.';

/** POST /api/password/update-after-expiry: the expired password and a new one. */
/**
 * The 419's `detail.ticket` (the login proved the password: no second asking), or the email and
 * the old password; and the new password twice.
 */
export const ZUpdateAfterExpiryRequest = z
  .strictObject({
    ticket: z.string().min(1, required).max(2048).optional(),
    email: ZAuthEmail.optional(),
    old_password: ZCurrentPassword.optional(),
    new_password: ZPassword,
    new_password_confirmation: z.string({ error: required }).min(1, required).max(1024),
  })
  .refine((v) => v.new_password_confirmation === v.new_password, {
    message: CONFIRMATION_MESSAGE,
    path: ['new_password_confirmation'],
  })
  // Checked even while another field fails (`when`), so a missing old password is named at once.
  .refine((v) => v?.ticket !== undefined || v?.email !== undefined, {
    message: required,
    path: ['email'],
    when: () => true,
  })
  .refine((v) => v?.ticket !== undefined || v?.old_password !== undefined, {
    message: required,
    path: ['old_password'],
    when: () => true,
  })
  .refine((v) => v.ticket === undefined || (v.email === undefined && v.old_password === undefined), {
    message: 'Send the ticket or the email and old password, not both',
    path: ['ticket'],
  });
export type TUpdateAfterExpiryRequest = z.infer<typeof ZUpdateAfterExpiryRequest>;

/** The new pair (signed in at once), or the two-factor step for an account that has it. */
export const ZUpdateAfterExpiryResponse = z.union([
  z.object({ token: ZTokenResponse }),
  ZMfaRequiredResponse,
]);
export type TUpdateAfterExpiryResponse = z.infer<typeof ZUpdateAfterExpiryResponse>;

/** POST /api/passwords/update (signed in): spec 5's three fields. */
export const ZPasswordUpdateRequest = z
  .strictObject({
    current_password: ZCurrentPassword,
    new_password: ZPassword,
    new_password_confirmation: z.string({ error: required }).min(1, required).max(1024),
  })
  .refine((v) => v.new_password_confirmation === v.new_password, {
    message: CONFIRMATION_MESSAGE,
    path: ['new_password_confirmation'],
  });
export type TPasswordUpdateRequest = z.infer<typeof ZPasswordUpdateRequest>;

// The forms that set a new password ask for it twice; empty fields say so before the rule.
export const SAME_PASSWORD_MESSAGE = 'The new password must be different from the current one.';
const newPasswordFields = {
  new_password: z.string().min(1, { error: required, abort: true }).pipe(ZPassword),
  new_password_confirmation: z.string().min(1, required),
};
type NewPasswordFields = { new_password: string; new_password_confirmation: string };
// `when`: checked even while another field fails, so every message shows at once.
const always = { when: () => true };
const confirmed = (v: NewPasswordFields) =>
  !v.new_password_confirmation || v.new_password_confirmation === v.new_password;
const confirmation = { ...always, message: CONFIRMATION_MESSAGE, path: ['new_password_confirmation'] };

/** The reset form (/login/reset/{uuid}); the link's token is sent beside it. */
export const ZPasswordResetForm = z
  .object({ email: ZAuthEmail, ...newPasswordFields })
  .refine(confirmed, confirmation);

/** The expired-password form: a new password that is not the old one. */
export const ZUpdateAfterExpiryForm = z
  .object({ email: ZAuthEmail, old_password: ZCurrentPassword, ...newPasswordFields })
  .refine(confirmed, confirmation)
  .refine((v) => !v.old_password || v.new_password !== v.old_password, {
    ...always,
    message: SAME_PASSWORD_MESSAGE,
    path: ['new_password'],
  });

/** The expired-password form after a 419 with its ticket: the login proved the old password. */
export const ZUpdateAfterExpiryTicketForm = z
  .object({ ...newPasswordFields })
  .refine(confirmed, confirmation);

/** The change-password form (signed in). */
export const ZPasswordUpdateForm = z
  .object({ current_password: ZCurrentPassword, ...newPasswordFields })
  .refine(confirmed, confirmation);

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

import { z } from 'zod';

/** Issue 21 point 6: an organization's data export and a user's account erasure. */

export const EXPORT_FORMATS = ['json', 'xlsx'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/organizations/me/export?format=json|xlsx */
export const ZExportQuery = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: 'format must be json or xlsx.' }).default('json'),
});

/** The JSON export's header: bump the version when a part changes shape. */
export const EXPORT_VERSION = 1;

/** DELETE /api/user-account: the current password confirms it. */
export const ZEraseAccountRequest = z.strictObject({
  password: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(1000),
});
export type TEraseAccountRequest = z.infer<typeof ZEraseAccountRequest>;

export const WRONG_PASSWORD_MESSAGE = 'The password is incorrect: your account was not deleted.';
export const ACCOUNT_ERASED_MESSAGE = 'Your account and your personal data were deleted.';

export const ZEraseAccountResponse = z.object({ message: z.string() });

/** What an erased account shows where it is named (audit entries, versions, posts). */
export const ERASED_USER_NAME = 'Erased user';
export const erasedEmail = (userId: number) => `erased-${userId}@erased.invalid`;

import {
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './people';

export const oneTimeCodePurpose = pgEnum('one_time_code_purpose', ['mfa', 'reset']);

/**
 * One-time secrets of the auth module, never stored in clear:
 * - `mfa`: a two-factor challenge. `uuid` is its public id (the /login/verification/{uuid} page);
 *   `code_hash` is the HMAC of the mailed 6-digit code with the challenge id. 10 minutes, at most
 *   5 tries, single use; a resend replaces the code and keeps the tries.
 * - `reset`: a password-reset link. `code_hash` is the SHA-256 of the link's 256-bit token;
 *   60 minutes, single use. `uuid` is the row's id, never mailed.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: oneTimeCodePurpose('purpose').notNull(),
    uuid: uuid('uuid').notNull(),
    code_hash: text('code_hash').notNull(),
    /** The OAuth client an MFA challenge was started for (its tokens go to that client). */
    client_id: text('client_id'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull().default(0),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_codes_uuid_unique').on(t.uuid),
    index('one_time_codes_hash_idx').on(t.code_hash),
    index('one_time_codes_user_idx').on(t.user_id, t.purpose),
  ],
);

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';
import { isValidPassword, PASSWORD_RULE_MESSAGE } from '@parity/domain/auth';
import { AppError } from '../http/errors';
import { weakPasswordReason } from './common-passwords';

/**
 * argon2id with OWASP's minimum (ASVS 11.4.2 / DESIGN 11): 19 MiB, 2 passes, 1 lane.
 * `Algorithm` is an ambient const enum that isolatedModules cannot read: 2 is Argon2id.
 */
const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification and answers false: for an unknown or deleted account,
 * so a wrong email and a wrong password cannot be told apart by the time the answer takes.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * A client secret against its stored hash: an argon2 PHC string, or the SHA-256 hex of the secret
 * (client secrets are long random strings, so a fast hash is enough for them).
 */
export async function verifyClientSecret(storedHash: string, secret: string): Promise<boolean> {
  if (storedHash.startsWith('$argon2')) return verifyPassword(storedHash, secret);
  const given = Buffer.from(createHash('sha256').update(secret).digest('hex'));
  const stored = Buffer.from(storedHash.toLowerCase());
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** True when a stored hash was made with weaker settings than today's: rehash it at the next sign-in. */
export function needsRehash(storedHash: string): boolean {
  try {
    const o = parseOptions(storedHash);
    return (
      o.algorithm !== ARGON2_OPTIONS.algorithm ||
      o.memoryCost < ARGON2_OPTIONS.memoryCost ||
      o.timeCost < ARGON2_OPTIONS.timeCost
    );
  } catch {
    return false;
  }
}

/**
 * The rules every new password must pass (sign-up, reset, expiry update, change): spec 5's
 * composition rule, then the common-password rules (DESIGN 11). Throws 400 `validation_failed`
 * naming `body.<field>` with the reason; `email` is the account's address.
 */
export function assertAcceptablePassword(password: string, email: string, field = 'new_password'): void {
  const reason = isValidPassword(password) ? weakPasswordReason(password, email) : PASSWORD_RULE_MESSAGE;
  if (reason) throw fieldError(field, reason);
}

/** 400 `validation_failed` for one body field, in the shape of the schema errors. */
export function fieldError(field: string, message: string, code = 'validation_failed'): AppError {
  return new AppError(400, code, message, [{ field: `body.${field}`, message }]);
}

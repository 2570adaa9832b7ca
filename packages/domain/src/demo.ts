/**
 * The demo's people (apps/api/src/seed/demo.ts) have addresses on .test, the top-level domain
 * reserved for testing (RFC 2606): no one receives mail there, so a real organization's people
 * never sign in with one. The web app tells the demo by it (the dashboard's sample figures show
 * only there).
 */
export const DEMO_EMAIL_DOMAIN = '.test';

/** True for an account of the demo data. */
export function isDemoAccount(email: string): boolean {
  return email.trim().toLowerCase().endsWith(DEMO_EMAIL_DOMAIN);
}

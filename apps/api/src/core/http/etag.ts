import { createHash } from 'node:crypto';
import { z } from 'zod';

/** A body's strong ETag: its SHA-256, quoted. */
export function strongEtag(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): a W/ prefix still matches. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

/** A route's 304 in its `response:` schema. */
export const ZNotModified = z
  .undefined()
  .describe('Not modified: the If-None-Match ETag is current. No body.');

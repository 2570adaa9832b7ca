import { describe, expect, it } from 'vitest';
import {
  feedQuerySchema,
  POD_MESSAGES,
  POD_POST_MAX,
  podCreateSchema,
  podInviteSchema,
  podMailPreferenceSchema,
  postCreateSchema,
} from './pods';

function messageAt(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;
}

describe('podCreateSchema', () => {
  it('fills defaults and refuses an empty name and an unknown visibility', () => {
    expect(podCreateSchema.parse({ name: ' Talent heads ' })).toEqual({
      name: 'Talent heads',
      description: '',
      visibility: 'invite-only',
    });
    expect(messageAt(podCreateSchema.safeParse({ name: '  ' }), 'name')).toBe(POD_MESSAGES.nameRequired);
    expect(messageAt(podCreateSchema.safeParse({ name: 'x', visibility: 'public' }), 'visibility')).toBe(
      POD_MESSAGES.visibility,
    );
  });
});

describe('postCreateSchema', () => {
  it('refuses an empty post, markup without text, and one over the limit', () => {
    expect(messageAt(postCreateSchema.safeParse({ body: '' }), 'body')).toBe(POD_MESSAGES.postRequired);
    expect(messageAt(postCreateSchema.safeParse({ body: '<p>&nbsp;</p>' }), 'body')).toBe(
      POD_MESSAGES.postRequired,
    );
    expect(messageAt(postCreateSchema.safeParse({ body: 'x'.repeat(10_000) }), 'body')).toBe(
      POD_MESSAGES.postTooLong,
    );
    expect(postCreateSchema.safeParse({ body: 'x'.repeat(POD_POST_MAX) }).success).toBe(true);
  });
  it('defaults mentions and attachments to none', () => {
    expect(postCreateSchema.parse({ body: '<p>Hi</p>' })).toEqual({
      body: '<p>Hi</p>',
      mentionUserIds: [],
      attachmentFileIds: [],
    });
  });
});

describe('invitations, feed and preferences', () => {
  it('needs someone to invite and lower-cases emails', () => {
    expect(messageAt(podInviteSchema.safeParse({}), 'userIds')).toBe(POD_MESSAGES.inviteSomeone);
    expect(podInviteSchema.parse({ emails: ['Eve@Example.test'] }).emails).toEqual(['eve@example.test']);
    expect(podInviteSchema.safeParse({ emails: ['not-an-email'] }).success).toBe(false);
  });
  it('coerces the keyset cursor', () => {
    expect(feedQuerySchema.parse({ before: '42' })).toEqual({ before: 42, limit: 20 });
    expect(feedQuerySchema.safeParse({ before: '-1' }).success).toBe(false);
  });
  it('takes every, digest or off', () => {
    expect(podMailPreferenceSchema.safeParse({ mailPreference: 'digest' }).success).toBe(true);
    expect(messageAt(podMailPreferenceSchema.safeParse({ mailPreference: 'weekly' }), 'mailPreference')).toBe(
      POD_MESSAGES.mailPreference,
    );
  });
});

import { z } from 'zod';

/**
 * Pods (issue 16): peer groups across organizations with a feed, events, members, files and a
 * description. The rules and messages shared by the API and the web pods pages.
 */
const ZId = z.number().int().positive().max(2_147_483_647);
const ZQueryId = z.coerce.number().int().positive().max(2_147_483_647);

export const POD_VISIBILITIES = ['open', 'invite-only', 'secret'] as const;
export type TPodVisibility = (typeof POD_VISIBILITIES)[number];
export const POD_VISIBILITY_LABELS: Record<TPodVisibility, string> = {
  open: 'Open (any approved user may join)',
  'invite-only': 'Invite-only (listed; join by invitation or approved request)',
  secret: 'Secret (not listed; invitation only)',
};

export const POD_ROLES = ['admin', 'member'] as const;
export type TPodRole = (typeof POD_ROLES)[number];

/** How a member is mailed about the pod's posts, mentions, events and files. */
export const POD_MAIL_PREFERENCES = ['every', 'digest', 'off'] as const;
export type TPodMailPreference = (typeof POD_MAIL_PREFERENCES)[number];
export const POD_MAIL_PREFERENCE_LABELS: Record<TPodMailPreference, string> = {
  every: 'A mail for every post',
  digest: 'A daily digest',
  off: 'No mail',
};

/** What a feed entry is: a member's post, or one the pod writes itself. */
export const POD_ENTRY_KINDS = ['post', 'member_joined', 'event_created', 'file_added'] as const;
export type TPodEntryKind = (typeof POD_ENTRY_KINDS)[number];

export const POD_NAME_MAX = 120;
export const POD_DESCRIPTION_MAX = 2_000;
export const POD_RULES_MAX = 10_000;
/** Counted on the text as written (HTML included), before sanitising. */
export const POD_POST_MAX = 5_000;
export const POD_MENTIONS_MAX = 50;
export const POD_ATTACHMENTS_MAX = 10;
export const POD_INVITES_MAX = 50;
export const POD_FEED_PAGE_SIZE = 20;

export const POD_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${POD_NAME_MAX} characters.`,
  descriptionTooLong: `Description must be at most ${POD_DESCRIPTION_MAX} characters.`,
  rulesTooLong: `Rules must be at most ${POD_RULES_MAX} characters.`,
  postRequired: 'Write something to post.',
  postTooLong: `A post must be at most ${POD_POST_MAX} characters.`,
  tooManyMentions: `Mention at most ${POD_MENTIONS_MAX} members.`,
  tooManyAttachments: `Attach at most ${POD_ATTACHMENTS_MAX} files.`,
  inviteSomeone: 'Invite at least one user (by name or email).',
  tooManyInvites: `Invite at most ${POD_INVITES_MAX} people at once.`,
  email: 'Enter a valid email address.',
  visibility: `Visibility must be one of ${POD_VISIBILITIES.join(', ')}.`,
  mailPreference: `The mail preference must be one of ${POD_MAIL_PREFERENCES.join(', ')}.`,
  role: `The role must be one of ${POD_ROLES.join(', ')}.`,
  lastAdmin: 'You are the last admin: name another member as admin to leave.',
  successorNotMember: 'The new admin must be a member of the pod.',
  mentionNotMember: 'Only members of the pod can be mentioned.',
  alreadyMember: 'is already a member of the pod.',
  attachmentNotInPod: 'An attachment is not a file of this pod.',
  replyToReply: 'Reply to a post, not to a reply.',
  entryNotEditable: 'Only posts can be edited.',
  notFound: 'Pod not found.',
  postNotFound: 'Post not found.',
  eventNotFound: 'Event not found.',
  fileNotFound: 'File not found.',
  memberNotFound: 'Member not found.',
  invitationNotFound: 'Invitation not found or no longer valid.',
  requestNotFound: 'Join request not found.',
  joinSecret: 'Secret pods are joined by invitation only.',
} as const;

export const ZPodVisibility = z.enum(POD_VISIBILITIES, { error: POD_MESSAGES.visibility });
export const ZPodRole = z.enum(POD_ROLES, { error: POD_MESSAGES.role });
export const ZPodMailPreference = z.enum(POD_MAIL_PREFERENCES, { error: POD_MESSAGES.mailPreference });
export const ZPodEntryKind = z.enum(POD_ENTRY_KINDS);

const ZPodName = z
  .string({ error: POD_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: POD_MESSAGES.nameRequired })
  .max(POD_NAME_MAX, { error: POD_MESSAGES.nameTooLong });
const ZPodDescription = z
  .string()
  .trim()
  .max(POD_DESCRIPTION_MAX, { error: POD_MESSAGES.descriptionTooLong });
const ZPodRules = z.string().trim().max(POD_RULES_MAX, { error: POD_MESSAGES.rulesTooLong });

/* Inputs */

export const podCreateSchema = z.strictObject({
  name: ZPodName,
  description: ZPodDescription.default(''),
  visibility: ZPodVisibility.default('invite-only'),
});
export type TPodCreate = z.infer<typeof podCreateSchema>;
export type TPodCreateRaw = z.input<typeof podCreateSchema>;

/** The Description tab: purpose (description), rules, name and visibility; absent fields stay. */
export const podPatchSchema = z.strictObject({
  name: ZPodName.optional(),
  description: ZPodDescription.optional(),
  rules: ZPodRules.optional(),
  visibility: ZPodVisibility.optional(),
});
export type TPodPatch = z.infer<typeof podPatchSchema>;

export const podListQuerySchema = z.strictObject({
  /** mine: pods I belong to; discover: open and invite-only pods I am not in; all: platform admins */
  scope: z.enum(['mine', 'discover', 'all']).default('mine'),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TPodListQuery = z.infer<typeof podListQuerySchema>;

const ZPostBody = z
  .string({ error: POD_MESSAGES.postRequired })
  .max(POD_POST_MAX, { error: POD_MESSAGES.postTooLong })
  .refine(
    (body) =>
      body
        .replace(/<[^>]*>/g, '')
        .replace(/&nbsp;/g, ' ')
        .trim().length > 0,
    {
      error: POD_MESSAGES.postRequired,
    },
  );

export const postCreateSchema = z.strictObject({
  /** formatted text (HTML); sanitised on the server */
  body: ZPostBody,
  /** a reply names its post; replies are one level deep */
  parentId: ZId.optional(),
  mentionUserIds: z.array(ZId).max(POD_MENTIONS_MAX, { error: POD_MESSAGES.tooManyMentions }).default([]),
  /** ids of the pod's files (upload first through the Files route) */
  attachmentFileIds: z
    .array(z.uuid())
    .max(POD_ATTACHMENTS_MAX, { error: POD_MESSAGES.tooManyAttachments })
    .default([]),
});
export type TPostCreate = z.infer<typeof postCreateSchema>;
export type TPostCreateRaw = z.input<typeof postCreateSchema>;

export const postPatchSchema = z.strictObject({
  body: ZPostBody,
  mentionUserIds: z.array(ZId).max(POD_MENTIONS_MAX, { error: POD_MESSAGES.tooManyMentions }).default([]),
});
export type TPostPatch = z.infer<typeof postPatchSchema>;

/** Keyset pagination: `before` is the id of the last entry of the previous page. */
export const feedQuerySchema = z.strictObject({
  before: ZQueryId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(POD_FEED_PAGE_SIZE),
});
export type TFeedQuery = z.infer<typeof feedQuerySchema>;

export const podInviteSchema = z
  .strictObject({
    userIds: z.array(ZId).max(POD_INVITES_MAX, { error: POD_MESSAGES.tooManyInvites }).optional(),
    emails: z
      .array(z.email({ error: POD_MESSAGES.email }).trim().toLowerCase())
      .max(POD_INVITES_MAX, { error: POD_MESSAGES.tooManyInvites })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.userIds?.length && !value.emails?.length) {
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: POD_MESSAGES.inviteSomeone });
    }
  });
export type TPodInvite = z.infer<typeof podInviteSchema>;

export const memberListQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type TMemberListQuery = z.infer<typeof memberListQuerySchema>;

export const memberPatchSchema = z.strictObject({ role: ZPodRole });
export type TMemberPatch = z.infer<typeof memberPatchSchema>;

/** Leaving: the last admin names the member who becomes admin. */
export const podLeaveSchema = z.strictObject({ successorUserId: ZId.optional() });
export type TPodLeave = z.infer<typeof podLeaveSchema>;

export const podMailPreferenceSchema = z.strictObject({ mailPreference: ZPodMailPreference });
export type TPodMailPreferenceInput = z.infer<typeof podMailPreferenceSchema>;
export const ZPodMailPreferenceAnswer = z.object({ mailPreference: ZPodMailPreference });

export const POD_FILE_SORTS = ['name', 'size', 'createdAt'] as const;
export const podFileListQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  sort: z.enum(POD_FILE_SORTS).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TPodFileListQuery = z.infer<typeof podFileListQuerySchema>;

export const podEventListQuerySchema = z.strictObject({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TPodEventListQuery = z.infer<typeof podEventListQuerySchema>;

/* Responses */

const ZPerson = z.object({ id: z.number().int(), name: z.string() });

export const ZPodSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  visibility: ZPodVisibility,
  memberCount: z.number().int(),
  /** null when the caller is not a member */
  myRole: ZPodRole.nullable(),
  /** the caller asked to join and waits for an admin */
  requested: z.boolean(),
  createdAt: z.string(),
});
export type TPodSummary = z.infer<typeof ZPodSummary>;
export const ZPodList = z.object({ data: z.array(ZPodSummary), total: z.number().int() });
export type TPodList = z.infer<typeof ZPodList>;

/**
 * A pod as its page reads it. A non-member of an open pod gets the preview: name, description,
 * visibility and counts, `isMember` false and `canJoin` true; rules and admins are for members.
 */
export const ZPodDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  rules: z.string(),
  visibility: ZPodVisibility,
  memberCount: z.number().int(),
  admins: z.array(ZPerson),
  createdAt: z.string(),
  isMember: z.boolean(),
  myRole: ZPodRole.nullable(),
  myMailPreference: ZPodMailPreference.nullable(),
  requested: z.boolean(),
  canJoin: z.boolean(),
  /** pod admins and platform administrators */
  canManage: z.boolean(),
  /** pod admins and platform administrators */
  canDelete: z.boolean(),
});
export type TPodDetail = z.infer<typeof ZPodDetail>;

export const ZPodAttachment = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type TPodAttachment = z.infer<typeof ZPodAttachment>;

const entryFields = {
  id: z.number().int(),
  kind: ZPodEntryKind,
  /** sanitised HTML for posts; empty for the pod's own entries */
  body: z.string(),
  author: ZPerson.extend({ organizationName: z.string().nullable() }).nullable(),
  mentions: z.array(ZPerson),
  attachments: z.array(ZPodAttachment),
  /** event_created: the event; file_added: the file; member_joined: the member */
  event: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  file: ZPodAttachment.nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
};

export const ZPodReply = z.object({ ...entryFields, parentId: z.number().int() });
export type TPodReply = z.infer<typeof ZPodReply>;

export const ZPodEntry = z.object({
  ...entryFields,
  parentId: z.null(),
  /** oldest first */
  replies: z.array(ZPodReply),
});
export type TPodEntry = z.infer<typeof ZPodEntry>;

/** `nextBefore` is the `before` of the next page, null on the last page. */
export const ZPodFeed = z.object({
  data: z.array(ZPodEntry),
  total: z.number().int(),
  nextBefore: z.number().int().nullable(),
});
export type TPodFeed = z.infer<typeof ZPodFeed>;

export const ZPodMember = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  organizationName: z.string().nullable(),
  role: ZPodRole,
  joinedAt: z.string(),
});
export type TPodMember = z.infer<typeof ZPodMember>;
export const ZPodMemberList = z.object({ data: z.array(ZPodMember), total: z.number().int() });

export const ZPodJoinRequest = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  organizationName: z.string().nullable(),
  requestedAt: z.string(),
});
export type TPodJoinRequest = z.infer<typeof ZPodJoinRequest>;
export const ZPodJoinRequestList = z.object({ data: z.array(ZPodJoinRequest), total: z.number().int() });

export const ZPodInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  invitedBy: ZPerson,
  createdAt: z.string(),
});
export type TPodInvitation = z.infer<typeof ZPodInvitation>;
export const ZPodInvitationList = z.object({ data: z.array(ZPodInvitation), total: z.number().int() });

/** What the invitee sees on the accept page. */
export const ZPodInvitationView = z.object({
  podId: z.number().int(),
  podName: z.string(),
  podDescription: z.string(),
  invitedBy: ZPerson,
  createdAt: z.string(),
});
export type TPodInvitationView = z.infer<typeof ZPodInvitationView>;

export const ZPodFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  uploadedBy: ZPerson.nullable(),
  createdAt: z.string(),
  /** attachment download */
  downloadUrl: z.string(),
  canDelete: z.boolean(),
});
export type TPodFile = z.infer<typeof ZPodFile>;
export const ZPodFileList = z.object({ data: z.array(ZPodFile), total: z.number().int() });

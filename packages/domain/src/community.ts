import { z } from 'zod';

/**
 * Community (issue 18): the people and organizations who chose to be listed, found by interests
 * (people, the `interests` dictionary) and tags (organizations, the `tags` dictionary), with
 * follows; and the platform's announcements. The rules and messages of the API and the web page.
 *
 * Who is listed: a person who turned "Show me in the community" on (off by default) while an
 * approved member or platform administrator; an organization whose admins made it public
 * (`organizations.is_public`, the switch of Organization › Settings: the same choice that lists
 * it in the organizations directory).
 */
const ZId = z.number().int().positive().max(2_147_483_647);

export const COMMUNITY_PAGE_SIZE = 24;
export const COMMUNITY_MAX_PAGE_SIZE = 100;
/** Interests of a person, tags of an organization, and the ids of one filter: at most this many. */
export const COMMUNITY_CHOICES_MAX = 20;
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 20_000;
export const ANNOUNCEMENTS_PAGE_SIZE = 10;

export const COMMUNITY_MESSAGES = {
  personNotFound: 'Person not found in the community.',
  organizationNotFound: 'Organization not found in the community.',
  announcementNotFound: 'Announcement not found.',
  followSelf: 'You cannot follow yourself.',
  titleRequired: 'Title is required.',
  titleTooLong: `Title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters.`,
  bodyRequired: 'Write the announcement.',
  bodyTooLong: `The announcement must be at most ${ANNOUNCEMENT_BODY_MAX} characters.`,
  expiryInvalid: 'The expiry must be a date and time.',
  expiryPast: 'The expiry must be in the future.',
  tooMany: `Choose at most ${COMMUNITY_CHOICES_MAX}.`,
  unknownInterest: 'Value is not an allowed option',
  onlyAdmins: 'Only the organization’s admins may change its tags.',
  listedRequired: 'listed must be true or false.',
} as const;

/** What a member sees when nothing is listed yet (the page's empty states). */
export const COMMUNITY_EMPTY = {
  people: 'Nobody has chosen to be listed yet.',
  organizations: 'No organization is public yet.',
  following: 'You follow nobody yet. Follow people and organizations from their tabs.',
  announcements: 'No announcements.',
  noMatch: 'Nobody matches these filters.',
} as const;

const page = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(10_000, 'page must be at most 10000')
  .default(1);
const limit = (fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(COMMUNITY_MAX_PAGE_SIZE, `limit must be at most ${COMMUNITY_MAX_PAGE_SIZE}`)
    .default(fallback);

/** Dictionary ids in a query string: "1,2", the parameter repeated, or both. */
const idsQuery = (name: string) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value.join(',') : value),
    z
      .string()
      .regex(/^\d{1,9}(,\d{1,9})*$/, `${name} must be a comma-separated list of ids`)
      .transform((text) => [...new Set(text.split(',').map(Number))])
      .refine((ids) => ids.length <= COMMUNITY_CHOICES_MAX, `${name}: ${COMMUNITY_MESSAGES.tooMany}`),
  );

const search = z.string().trim().max(200, 'q must be at most 200 characters').optional();

/** GET /api/community/people: people with ANY of the interests; q searches the name shown. */
export const ZCommunityPeopleQuery = z.strictObject({
  q: search,
  interests: idsQuery('interests').optional(),
  page,
  limit: limit(COMMUNITY_PAGE_SIZE),
});
export type TCommunityPeopleQuery = z.infer<typeof ZCommunityPeopleQuery>;

/** GET /api/community/organizations: organizations with ANY of the tags; q searches the name. */
export const ZCommunityOrganizationsQuery = z.strictObject({
  q: search,
  tags: idsQuery('tags').optional(),
  page,
  limit: limit(COMMUNITY_PAGE_SIZE),
});
export type TCommunityOrganizationsQuery = z.infer<typeof ZCommunityOrganizationsQuery>;

export const ZCommunityPageQuery = z.strictObject({ page, limit: limit(COMMUNITY_PAGE_SIZE) });
export type TCommunityPageQuery = z.infer<typeof ZCommunityPageQuery>;

/** GET /api/community/announcements: include_expired is for platform administrators (403 otherwise). */
export const ZAnnouncementListQuery = z.strictObject({
  page,
  limit: limit(ANNOUNCEMENTS_PAGE_SIZE),
  include_expired: z
    .enum(['true', 'false'], { error: 'include_expired must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type TAnnouncementListQuery = z.infer<typeof ZAnnouncementListQuery>;

const choices = z
  .array(ZId, { error: 'A list of ids is expected.' })
  .max(COMMUNITY_CHOICES_MAX, { error: COMMUNITY_MESSAGES.tooMany })
  .transform((ids) => [...new Set(ids)]);

/** PUT /api/community/me: whether I am listed, and my interests (the profile's `interests`). */
export const ZCommunityListingUpdate = z.strictObject({
  listed: z.boolean({ error: COMMUNITY_MESSAGES.listedRequired }),
  interests: choices,
});
export type TCommunityListingUpdate = z.infer<typeof ZCommunityListingUpdate>;

/** PUT /api/community/organizations/{organizationId}/tags: the organization's tags. */
export const ZOrganizationTagsUpdate = z.strictObject({ tags: choices });
export type TOrganizationTagsUpdate = z.infer<typeof ZOrganizationTagsUpdate>;

const ZTitle = z
  .string({ error: COMMUNITY_MESSAGES.titleRequired })
  .trim()
  .min(1, { error: COMMUNITY_MESSAGES.titleRequired })
  .max(ANNOUNCEMENT_TITLE_MAX, { error: COMMUNITY_MESSAGES.titleTooLong });
const ZBody = z
  .string({ error: COMMUNITY_MESSAGES.bodyRequired })
  .trim()
  .min(1, { error: COMMUNITY_MESSAGES.bodyRequired })
  .max(ANNOUNCEMENT_BODY_MAX, { error: COMMUNITY_MESSAGES.bodyTooLong });
/**
 * An optional expiry: an ISO date-time (a form's local "YYYY-MM-DDTHH:mm" too), after now; empty
 * or null for none. Answered as an ISO string in UTC.
 */
const ZExpiry = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .string({ error: COMMUNITY_MESSAGES.expiryInvalid })
    .refine((text) => !Number.isNaN(Date.parse(text)), { error: COMMUNITY_MESSAGES.expiryInvalid })
    .refine((text) => Date.parse(text) > Date.now(), { error: COMMUNITY_MESSAGES.expiryPast })
    .transform((text) => new Date(text).toISOString())
    .nullable(),
);

/** POST /api/community/announcements (platform administrators). */
export const ZAnnouncementCreate = z.strictObject({
  title: ZTitle,
  /** markdown, shown without raw HTML */
  body: ZBody,
  expires_at: ZExpiry.optional(),
});
export type TAnnouncementCreate = z.infer<typeof ZAnnouncementCreate>;

/** PATCH /api/community/announcements/{announcementId}: absent fields stay; expires_at null removes it. */
export const ZAnnouncementPatch = z.strictObject({
  title: ZTitle.optional(),
  body: ZBody.optional(),
  expires_at: ZExpiry.optional(),
});
export type TAnnouncementPatch = z.infer<typeof ZAnnouncementPatch>;

/* Answers */

const ZFollow = {
  /** people following them (any approved user; the followers themselves need not be listed) */
  followers: z.number().int(),
  /** whether the caller follows them */
  followed: z.boolean(),
};

export const ZCommunityPerson = z.object({
  id: z.number().int(),
  /** the display name: a private last name left out */
  display_name: z.string(),
  title: z.string().nullable(),
  image_url: z.string().nullable(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** `interests` dictionary ids */
  interests: z.array(z.number().int()),
  ...ZFollow,
});
export type TCommunityPerson = z.infer<typeof ZCommunityPerson>;

export const ZCommunityOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  about: z.string().nullable(),
  website: z.string().nullable(),
  /** `tags` dictionary ids */
  tags: z.array(z.number().int()),
  /** its members who are listed */
  listed_members: z.number().int(),
  ...ZFollow,
});
export type TCommunityOrganization = z.infer<typeof ZCommunityOrganization>;

export const ZCommunityPeople = z.object({ data: z.array(ZCommunityPerson), total: z.number().int() });
export type TCommunityPeople = z.infer<typeof ZCommunityPeople>;
export const ZCommunityOrganizations = z.object({
  data: z.array(ZCommunityOrganization),
  total: z.number().int(),
});
export type TCommunityOrganizations = z.infer<typeof ZCommunityOrganizations>;

/** One followed person or organization, newest follow first; hidden ones are left out. */
export const ZFollowing = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('person'), followed_at: z.string(), person: ZCommunityPerson }),
  z.object({
    kind: z.literal('organization'),
    followed_at: z.string(),
    organization: ZCommunityOrganization,
  }),
]);
export type TFollowing = z.infer<typeof ZFollowing>;
export const ZFollowingList = z.object({ data: z.array(ZFollowing), total: z.number().int() });
export type TFollowingList = z.infer<typeof ZFollowingList>;

/** GET and PUT /api/community/me: my listing, and my organization's when I have one. */
export const ZCommunityMe = z.object({
  listed: z.boolean(),
  interests: z.array(z.number().int()),
  followers: z.number().int(),
  following: z.number().int(),
  organization: z
    .object({
      id: z.number().int(),
      name: z.string(),
      /** public (Organization › Settings) */
      listed: z.boolean(),
      tags: z.array(z.number().int()),
      /** organization admins edit the tags */
      can_edit: z.boolean(),
    })
    .nullable(),
});
export type TCommunityMe = z.infer<typeof ZCommunityMe>;

export const ZAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  /** markdown */
  body: z.string(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  published_at: z.string(),
  expires_at: z.string().nullable(),
  /** past its expiry: only platform administrators see it */
  expired: z.boolean(),
  updated_at: z.string(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;
export const ZAnnouncementList = z.object({ data: z.array(ZAnnouncement), total: z.number().int() });
export type TAnnouncementList = z.infer<typeof ZAnnouncementList>;

import { z } from 'zod';

/**
 * Support and FAQ (issue 18): help articles, the FAQ by topic and support requests with their
 * thread. Markdown is stored as text and rendered on the web only (MarkdownText, no raw HTML).
 */

/** The FAQ's topics, in the order the page shows them; a help article may have one too. */
export const SUPPORT_TOPICS = ['signing_in', 'reporting_lpi', 'scores', 'surveys', 'privacy'] as const;
export const ZSupportTopic = z.enum(SUPPORT_TOPICS, {
  error: `The topic is one of ${SUPPORT_TOPICS.join(', ')}`,
});
export type TSupportTopic = z.infer<typeof ZSupportTopic>;
export const SUPPORT_TOPIC_LABELS: Record<TSupportTopic, string> = {
  signing_in: 'Signing in',
  reporting_lpi: 'Reporting the LPI',
  scores: 'Scores and how they are computed',
  surveys: 'Surveys',
  privacy: 'Privacy',
};

export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 10_000;
export const SUPPORT_PAGE_PATH_MAX = 500;
export const HELP_TITLE_MAX = 200;
export const HELP_BODY_MAX = 50_000;
export const HELP_SLUG_MAX = 100;
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 10_000;
export const SUPPORT_PAGE_SIZE = 20;
export const FAQ_PAGE_SIZE = 100;

/** A support request's attachment: documents and pictures, 5 MB, the type read from the bytes. */
export const SUPPORT_ATTACHMENT_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'txt', 'docx'] as const;
export const SUPPORT_ATTACHMENT_MAX_BYTES = 5_000_000;

export const SUPPORT_MESSAGES = {
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters`,
  pagePath: 'The page must be a path of this site, starting with /',
  attachmentType: 'The attachment must be a PDF, PNG, JPEG, TXT or DOCX file.',
  attachmentTooLarge: 'The attachment must be at most 5 MB.',
  notMultipart:
    'Send the request as multipart/form-data (fields subject, message, page; an optional file part "attachment").',
  requestNotFound: 'Support request not found.',
  alreadyClosed: 'This support request is already closed.',
  attachmentNotFound: 'This support request has no attachment.',
  articleNotFound: 'Help article not found.',
  slugTaken: 'Another help article has this slug.',
  slugFormat: 'The slug is lower-case letters, digits and dashes (e.g. how-scores-are-computed)',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${HELP_TITLE_MAX} characters`,
  bodyRequired: 'Body is required',
  bodyTooLong: `Body must be at most ${HELP_BODY_MAX.toLocaleString('en-US')} characters`,
  replyRequired: 'Reply is required',
  replyTooLong: `Reply must be at most ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters`,
  faqNotFound: 'FAQ entry not found.',
  questionRequired: 'Question is required',
  questionTooLong: `Question must be at most ${FAQ_QUESTION_MAX} characters`,
  answerRequired: 'Answer is required',
  answerTooLong: `Answer must be at most ${FAQ_ANSWER_MAX.toLocaleString('en-US')} characters`,
} as const;

const ZId = z.number().int().positive().max(2_147_483_647);
const ZPage = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(10_000, 'page must be at most 10000')
  .default(1);
const ZLimit = (fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(200, 'limit must be at most 200')
    .default(fallback);
const ZSearchText = z.string().trim().max(200, 'The search is at most 200 characters').optional();

/** A required text: trimmed, not empty, at most `max`. */
const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/* Support requests */

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export const ZSupportStatus = z.enum(SUPPORT_STATUSES, {
  error: `The status is one of ${SUPPORT_STATUSES.join(', ')}`,
});
export type TSupportStatus = z.infer<typeof ZSupportStatus>;
export const SUPPORT_STATUS_LABELS: Record<TSupportStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};

/** The contact form's fields (sent as multipart/form-data with the optional attachment). */
export const supportRequestCreateSchema = z.strictObject({
  subject: requiredText(
    SUPPORT_SUBJECT_MAX,
    SUPPORT_MESSAGES.subjectRequired,
    SUPPORT_MESSAGES.subjectTooLong,
  ),
  message: requiredText(
    SUPPORT_MESSAGE_MAX,
    SUPPORT_MESSAGES.messageRequired,
    SUPPORT_MESSAGES.messageTooLong,
  ),
  /** the app page the requester came from, captured by the form */
  page: z
    .string()
    .trim()
    .max(SUPPORT_PAGE_PATH_MAX, { error: SUPPORT_MESSAGES.pagePath })
    .refine((path) => path === '' || (path.startsWith('/') && !path.startsWith('//')), {
      error: SUPPORT_MESSAGES.pagePath,
    })
    .default(''),
});
export type TSupportRequestCreate = z.infer<typeof supportRequestCreateSchema>;
export type TSupportRequestCreateRaw = z.input<typeof supportRequestCreateSchema>;

/** A reply in a request's thread: the requester's (reopens it) or a platform administrator's answer. */
export const supportReplySchema = z.strictObject({
  body: requiredText(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES.replyRequired, SUPPORT_MESSAGES.replyTooLong),
});
export type TSupportReply = z.infer<typeof supportReplySchema>;

export const supportRequestListQuerySchema = z.strictObject({
  /** mine: the caller's requests; all: every request (platform administrators, else 403) */
  scope: z.enum(['mine', 'all'], { error: 'The scope is mine or all' }).default('mine'),
  status: ZSupportStatus.optional(),
  page: ZPage,
  limit: ZLimit(SUPPORT_PAGE_SIZE),
});
export type TSupportRequestListQuery = z.infer<typeof supportRequestListQuerySchema>;

const ZPerson = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const ZSupportRequestSummary = z.object({
  id: ZId,
  subject: z.string(),
  status: ZSupportStatus,
  page: z.string(),
  requester: ZPerson,
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** replies in the thread after the first message */
  reply_count: z.number().int(),
});
export type TSupportRequestSummary = z.infer<typeof ZSupportRequestSummary>;
export const ZSupportRequestList = z.object({
  data: z.array(ZSupportRequestSummary),
  total: z.number().int(),
});

export const ZSupportMessage = z.object({
  id: ZId,
  author: ZPerson,
  /** true for a platform administrator's answer */
  from_support: z.boolean(),
  body: z.string(),
  created_at: z.string(),
});
export type TSupportMessage = z.infer<typeof ZSupportMessage>;

export const ZSupportRequestDetail = ZSupportRequestSummary.extend({
  message: z.string(),
  attachment: z
    .object({ name: z.string(), size: z.number().int(), content_type: z.string(), url: z.string() })
    .nullable(),
  messages: z.array(ZSupportMessage),
});
export type TSupportRequestDetail = z.infer<typeof ZSupportRequestDetail>;

/* Help articles */

const ZSlug = z
  .string({ error: SUPPORT_MESSAGES.slugFormat })
  .trim()
  .max(HELP_SLUG_MAX, { error: SUPPORT_MESSAGES.slugFormat })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: SUPPORT_MESSAGES.slugFormat });

const helpArticleFields = {
  slug: ZSlug,
  title: requiredText(HELP_TITLE_MAX, SUPPORT_MESSAGES.titleRequired, SUPPORT_MESSAGES.titleTooLong),
  body: requiredText(HELP_BODY_MAX, SUPPORT_MESSAGES.bodyRequired, SUPPORT_MESSAGES.bodyTooLong),
  topic: ZSupportTopic.nullable(),
  published: z.boolean({ error: 'published is true or false' }),
};
export const helpArticleSchema = z.strictObject({
  ...helpArticleFields,
  topic: helpArticleFields.topic.default(null),
  published: helpArticleFields.published.default(true),
});
export type THelpArticleInput = z.infer<typeof helpArticleSchema>;
export type THelpArticleInputRaw = z.input<typeof helpArticleSchema>;
/** An edit: absent fields stay as they are. */
export const helpArticlePatchSchema = z.strictObject(helpArticleFields).partial();
export type THelpArticlePatch = z.infer<typeof helpArticlePatchSchema>;

export const helpArticleListQuerySchema = z.strictObject({
  q: ZSearchText,
  topic: ZSupportTopic.optional(),
  page: ZPage,
  limit: ZLimit(SUPPORT_PAGE_SIZE),
});
export type THelpArticleListQuery = z.infer<typeof helpArticleListQuerySchema>;

export const ZHelpArticleSummary = z.object({
  id: ZId,
  slug: z.string(),
  title: z.string(),
  topic: ZSupportTopic.nullable(),
  published: z.boolean(),
  /** the body's first words, as plain markdown text */
  excerpt: z.string(),
  updated_at: z.string(),
});
export type THelpArticleSummary = z.infer<typeof ZHelpArticleSummary>;
export const ZHelpArticleList = z.object({ data: z.array(ZHelpArticleSummary), total: z.number().int() });
export const ZHelpArticle = ZHelpArticleSummary.omit({ excerpt: true }).extend({
  body: z.string(),
  updated_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type THelpArticle = z.infer<typeof ZHelpArticle>;

/** The help article seeded from docs/scoring.md, which the scores FAQ links to. */
export const SCORING_ARTICLE_SLUG = 'how-scores-are-computed';

/* FAQ */

const faqEntryFields = {
  topic: ZSupportTopic,
  question: requiredText(
    FAQ_QUESTION_MAX,
    SUPPORT_MESSAGES.questionRequired,
    SUPPORT_MESSAGES.questionTooLong,
  ),
  answer: requiredText(FAQ_ANSWER_MAX, SUPPORT_MESSAGES.answerRequired, SUPPORT_MESSAGES.answerTooLong),
  /** the order inside its topic, smallest first */
  position: z.coerce
    .number({ error: 'Position must be a number' })
    .int('Position must be a whole number')
    .min(0, 'Position must be at least 0')
    .max(10_000, 'Position must be at most 10000'),
};
export const faqEntrySchema = z.strictObject({
  ...faqEntryFields,
  position: faqEntryFields.position.default(0),
});
export type TFaqEntryInput = z.infer<typeof faqEntrySchema>;
export type TFaqEntryInputRaw = z.input<typeof faqEntrySchema>;
/** An edit: absent fields stay as they are. */
export const faqEntryPatchSchema = z.strictObject(faqEntryFields).partial();
export type TFaqEntryPatch = z.infer<typeof faqEntryPatchSchema>;

export const faqListQuerySchema = z.strictObject({
  q: ZSearchText,
  topic: ZSupportTopic.optional(),
  page: ZPage,
  limit: ZLimit(FAQ_PAGE_SIZE),
});
export type TFaqListQuery = z.infer<typeof faqListQuerySchema>;

export const ZFaqEntry = z.object({
  id: ZId,
  topic: ZSupportTopic,
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
  updated_at: z.string(),
});
export type TFaqEntry = z.infer<typeof ZFaqEntry>;
export const ZFaqList = z.object({ data: z.array(ZFaqEntry), total: z.number().int() });

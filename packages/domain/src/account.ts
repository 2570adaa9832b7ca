/**
 * The user account of spec 3: the owner's full account (GET /api/user-account), the profile
 * update (POST /api/user-account/{id}), the public profile others see (GET /api/accounts/{id}),
 * the directory (GET /api/users) and the small account calls around them.
 */
import { z } from 'zod';
import { afterOrEqual, maxChar } from './validation/rules';
import { zDateString, zEmail, zPhone, zRule } from './validation/zod';

/** Personal fields: wrapped as {value, is_private} in the owner's account, and may be kept private. */
export const PERSONAL_FIELDS = [
  'personal_email',
  'phone',
  'mobile_phone',
  'address',
  'veteran',
  'lgbt',
  'is_generation_immigrant',
  'is_disabled',
  'gender_id',
  'ethnicity_id',
  'bio',
  'start_date',
] as const;
export type TPersonalField = (typeof PERSONAL_FIELDS)[number];

/** What a user may mark private: the personal fields and the last name. */
export const PRIVATABLE_FIELDS = [...PERSONAL_FIELDS, 'lastname'] as const;
export const ZPrivatableField = z.enum(PRIVATABLE_FIELDS);
export type TPrivatableField = z.infer<typeof ZPrivatableField>;

/**
 * Special-category data (gender, race/ethnicity, LGBTQ+, disability, veteran, immigration):
 * private until the user chooses to show them; a new account starts with these private.
 */
export const SENSITIVE_FIELDS = [
  'gender_id',
  'ethnicity_id',
  'lgbt',
  'is_disabled',
  'veteran',
  'is_generation_immigrant',
] as const satisfies readonly TPersonalField[];

/** Shown instead of a private field to others. */
export const PRIVATE = 'Private';
/** The web shows this for an empty field (the API sends null). */
export const NO_INFORMATION = 'No information';

/** Spec 3: the display name drops the last name when it is empty or 'Private'. */
export function displayName(name: string | null | undefined, lastname: string | null | undefined): string {
  const first = (name ?? '').trim();
  const last = (lastname ?? '').trim();
  if (!last || last === PRIVATE) return first;
  return first ? `${first} ${last}` : last;
}

/** Spec 5 "Profiles and accounts": the start of the message when name or lastname is missing. */
export const PROFILE_REQUIRED_MESSAGE = 'Please, populate required data:';

export const ACKNOWLEDGMENT_TYPES = ['getting_started'] as const;

export const zWrapped = <T extends z.ZodType>(value: T) => z.object({ value, is_private: z.boolean() });

const ZOrganizationRef = z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() });

export const ZOrganizationPermissions = z.object({
  status: z.enum(['pending', 'approved', 'declined']),
  manage_settings: z.boolean(),
  user_manage_surveys: z.boolean(),
  survey_creation: z.boolean(),
  average_lpi_score_access: z.boolean(),
});

/** GET /api/user-account: the caller's own account, every field of the entity. */
export const ZUserAccount = z
  .object({
    id: z.number().int(),
    name: z.string(),
    lastname: z.string(),
    email: z.string(),
    title: z.string().nullable(),
    /** The image's file id; fetch the bytes from image_url. */
    image: z.string().nullable(),
    image_url: z.string().nullable(),
    corporate_title_id: z.number().int().nullable(),
    functional_title_id: z.number().int().nullable(),
    organization: ZOrganizationRef.nullable(),
    office_address_id: z.number().int().nullable(),
    personal_email: zWrapped(z.string().nullable()),
    phone: zWrapped(z.string().nullable()),
    mobile_phone: zWrapped(z.string().nullable()),
    address: zWrapped(z.string().nullable()),
    veteran: zWrapped(z.boolean().nullable()),
    lgbt: zWrapped(z.boolean().nullable()),
    is_generation_immigrant: zWrapped(z.boolean().nullable()),
    is_disabled: zWrapped(z.boolean().nullable()),
    gender_id: zWrapped(z.number().int().nullable()),
    ethnicity_id: zWrapped(z.number().int().nullable()),
    bio: zWrapped(z.string().nullable()),
    start_date: zWrapped(z.string().nullable()),
    languages: z.array(z.number().int()),
    interests: z.array(z.number().int()),
    /** Uploaded resumes (none yet: attachments are listed by /api/account-attachments-detailed). */
    resumes: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
    private_fields: z.array(ZPrivatableField),
    acknowledgements: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
    last_login: z.string().nullable(),
    two_fa_enabled: z.boolean(),
    is_sadm: z.boolean(),
    is_approved: z.boolean(),
    /** The membership's flags; null without an organization. */
    organization_permissions: ZOrganizationPermissions.nullable(),
    /** Granted rights by name: manage_settings, user_manage_surveys, survey_creation, average_lpi_score_access. */
    permissions: z.array(z.string()),
    /** Roles by name: administrator, organization_administrator, survey_host, member, pending. */
    user_roles: z.array(z.string()),
    /** The permission set the organization flags match (Member, LPI editor, Survey host, Organization administrator or Custom); [] without an organization. */
    permission_sets: z.array(z.string()),
    sections: z.array(z.string()),
  })
  .meta({
    description:
      'Personal fields (personal_email, phone, mobile_phone, address, veteran, lgbt, is_generation_immigrant, ' +
      'is_disabled, gender_id, ethnicity_id, bio, start_date) are wrapped as `{ value, is_private }`; the rest are plain.',
  });
export type TUserAccount = z.infer<typeof ZUserAccount>;

// --- update -----------------------------------------------------------------------------------

const emptyToNull = (v: unknown) => (v === '' ? null : v);

/** A boolean sent as JSON or as a form field 1/0 (also true/false). */
export const zBool01 = () =>
  z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])], {
      error: 'Value must be 1 or 0',
    })
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** A nullable boolean: '' or null clears it. */
export const zNullableBool01 = () => z.preprocess(emptyToNull, zBool01().nullable());

/** A positive integer id sent as a number or a numeric form field; '' or null clears it. */
export const zNullableId = () =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
    z.number({ error: 'Value must be a number' }).int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
  );

/** An array of ids (form: name[]=1&name[]=2; '' is the empty list). */
export const zIdArray = (max = 50) =>
  z.preprocess(
    (v) => (v === '' ? [] : v),
    z
      .array(
        z.preprocess(
          (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
          z.number({ error: 'Value must be a number' }).int().positive(),
        ),
      )
      .max(max, `Value must include not more than ${max} options`),
  );

const text = (max: number) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .check(zRule(maxChar(max)))
      .nullable(),
  );

/** POST /api/user-account/{id}: JSON, or form fields with booleans as 1/0 and arrays as name[]. */
export const ZUserAccountUpdate = z.strictObject({
  name: z
    .string()
    .trim()
    .check(zRule(maxChar(100)))
    .optional(),
  lastname: z
    .string()
    .trim()
    .check(zRule(maxChar(100)))
    .optional(),
  title: text(150).optional(),
  corporate_title_id: zNullableId().optional(),
  functional_title_id: zNullableId().optional(),
  bio: text(5000).optional(),
  personal_email: z.preprocess(emptyToNull, zEmail().nullable()).optional(),
  office_address_id: zNullableId().optional(),
  address: text(500).optional(),
  /** International (+...) or a US national number. */
  phone: z.preprocess(emptyToNull, zPhone({ country: 'US' }).nullable()).optional(),
  mobile_phone: z.preprocess(emptyToNull, zPhone({ country: 'US' }).nullable()).optional(),
  veteran: zNullableBool01().optional(),
  lgbt: zNullableBool01().optional(),
  is_generation_immigrant: zNullableBool01().optional(),
  is_disabled: zNullableBool01().optional(),
  gender_id: zNullableId().optional(),
  ethnicity_id: zNullableId().optional(),
  languages: zIdArray().optional(),
  interests: zIdArray().optional(),
  start_date: z
    .preprocess(
      emptyToNull,
      zDateString()
        .check(zRule(afterOrEqual('1900-01-01')))
        .nullable(),
    )
    .optional(),
  private_fields: z.preprocess((v) => (v === '' ? [] : v), z.array(ZPrivatableField).max(20)).optional(),
  /** The owner only. */
  two_fa_enabled: zBool01().optional(),
});
export type TUserAccountUpdate = z.infer<typeof ZUserAccountUpdate>;

// --- public profile ---------------------------------------------------------------------------

const pub = <T extends z.ZodType>(t: T) => z.union([t, z.literal(PRIVATE)]).nullable();

/** GET /api/accounts/{id}: another user's profile as others see it. */
export const ZPublicAccount = z
  .object({
    id: z.number().int(),
    name: z.string(),
    lastname: z.string().nullable(),
    /** The display name rule: no last name when it is empty or private. */
    display_name: z.string(),
    /** To the person, their organization's members and platform admins only; null to anyone else. */
    email: z.string().nullable(),
    title: z.string().nullable(),
    image_url: z.string().nullable(),
    corporate_title_id: z.number().int().nullable(),
    functional_title_id: z.number().int().nullable(),
    organization: ZOrganizationRef.nullable(),
    languages: z.array(z.number().int()),
    interests: z.array(z.number().int()),
    personal_email: pub(z.string()),
    phone: pub(z.string()),
    mobile_phone: pub(z.string()),
    address: pub(z.string()),
    veteran: pub(z.boolean()),
    lgbt: pub(z.boolean()),
    is_generation_immigrant: pub(z.boolean()),
    is_disabled: pub(z.boolean()),
    gender_id: pub(z.number().int()),
    ethnicity_id: pub(z.number().int()),
    bio: pub(z.string()),
    start_date: pub(z.string()),
  })
  .meta({
    description:
      "Private fields are the string 'Private' (lastname too); empty ones are null (the web shows 'No information').",
  });
export type TPublicAccount = z.infer<typeof ZPublicAccount>;

// --- directory and the small calls ------------------------------------------------------------

export const ZUserDirectoryQuery = z.strictObject({
  search_query: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  // PostgreSQL's integer: a larger id answered 500.
  organization_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const ZUserDirectoryItem = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  title: z.string().nullable(),
  image_url: z.string().nullable(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export const ZUserDirectory = z.object({ data: z.array(ZUserDirectoryItem), total: z.number().int() });
export type TUserDirectory = z.infer<typeof ZUserDirectory>;

export const ZAcknowledgmentRequest = z.strictObject({ type: z.enum(ACKNOWLEDGMENT_TYPES) });

export const USER_SAVED_KINDS = ['organization', 'survey'] as const;
export const ZUserSavedRequest = z.strictObject({
  kind: z.enum(USER_SAVED_KINDS),
  ref_id: z.coerce.number().int().positive(),
});
export const ZUserSavedItem = z.object({
  id: z.number().int(),
  kind: z.enum(USER_SAVED_KINDS),
  ref_id: z.number().int(),
  /** The organization's or survey's name; null when it no longer exists. */
  name: z.string().nullable(),
  created_at: z.string(),
});
export const ZUserSavedList = z.object({ data: z.array(ZUserSavedItem) });

export const ZAttachmentList = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      size: z.number().int(),
      content_type: z.string(),
      kind: z.string(),
      created_at: z.string(),
      url: z.string(),
    }),
  ),
});

/** The profile fields GET /api/user/healthcheck checks, in the order the prompt lists them. */
export const HEALTHCHECK_FIELDS = ['name', 'lastname', 'title', 'image'] as const;
export type THealthcheckField = (typeof HEALTHCHECK_FIELDS)[number];
export const ZHealthcheck = z.object({ complete: z.boolean(), missing: z.array(z.enum(HEALTHCHECK_FIELDS)) });
export type THealthcheck = z.infer<typeof ZHealthcheck>;

/** GET /api/tableau/token: the short-lived analytics token and the BI tool's address carrying it. */
export const ZTableauToken = z.object({ token: z.string(), expires_in: z.number().int(), url: z.string() });
export type TTableauToken = z.infer<typeof ZTableauToken>;

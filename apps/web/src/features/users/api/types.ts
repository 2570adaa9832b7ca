/**
 * The account shapes of the API contract (spec 3, User account). Personal fields come wrapped as
 * {value, is_private} in the owner's account; another user's profile sends the string 'Private'
 * for private fields and null for empty ones.
 */

export interface Wrapped<T> {
  value: T | null;
  is_private: boolean;
}

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
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** What a user may mark private: the personal fields and the last name. */
export type PrivatableField = PersonalField | 'lastname';

export interface OrganizationRef {
  id: number;
  name: string;
  logo?: string | null;
}

export interface UserAccount {
  id: number;
  name: string;
  lastname: string | null;
  email: string;
  title: string | null;
  image?: string | null;
  image_url?: string | null;
  corporate_title_id?: number | null;
  functional_title_id?: number | null;
  organization: OrganizationRef | null;
  personal_email: Wrapped<string>;
  phone: Wrapped<string>;
  mobile_phone: Wrapped<string>;
  address: Wrapped<string>;
  veteran: Wrapped<boolean>;
  lgbt: Wrapped<boolean>;
  is_generation_immigrant: Wrapped<boolean>;
  is_disabled: Wrapped<boolean>;
  gender_id: Wrapped<number>;
  ethnicity_id: Wrapped<number>;
  bio: Wrapped<string>;
  start_date: Wrapped<string>;
  languages?: number[];
  interests?: number[];
  private_fields?: PrivatableField[];
  acknowledgements?: unknown[];
  two_fa_enabled: boolean;
  created_at?: string;
  last_login?: string | null;
}

/** A value of another user's profile: the value, 'Private', or null when empty. */
export type ProfileValue = string | number | boolean | null;

/** GET /api/accounts/{id}. */
export interface PublicProfile {
  id: number;
  name: string;
  lastname: string | null;
  email?: string | null;
  title?: string | null;
  image_url?: string | null;
  organization?: OrganizationRef | null;
  personal_email?: ProfileValue;
  phone?: ProfileValue;
  mobile_phone?: ProfileValue;
  address?: ProfileValue;
  veteran?: ProfileValue;
  lgbt?: ProfileValue;
  is_generation_immigrant?: ProfileValue;
  is_disabled?: ProfileValue;
  gender_id?: ProfileValue;
  ethnicity_id?: ProfileValue;
  bio?: ProfileValue;
  start_date?: ProfileValue;
  languages?: number[] | string | null;
  resumes?: { id: string | number; name: string; url: string }[] | string | null;
}

/** One row of GET /api/users. */
export interface DirectoryUser {
  id: number;
  name: string;
  lastname: string | null;
  title: string | null;
  image_url: string | null;
  organization: { id: number; name: string } | null;
}

export interface UsersPage {
  data: DirectoryUser[];
  total: number;
}

export interface Attachment {
  id: number | string;
  name: string;
  size: number;
  content_type: string;
  created_at: string;
  url: string;
}

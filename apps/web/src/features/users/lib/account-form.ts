import { PERSONAL_FIELDS, type PrivatableField, type UserAccount } from '../api/types';

/** The profile form's values: plain, with the private flags apart. */
export interface ProfileFormValues {
  name: string;
  lastname: string;
  title: string;
  bio: string;
  personal_email: string;
  phone: string;
  mobile_phone: string;
  address: string;
  start_date: string;
  gender_id: string | null;
  ethnicity_id: string | null;
  veteran: string | null;
  lgbt: string | null;
  is_generation_immigrant: string | null;
  is_disabled: string | null;
  languages: string[];
}

export const REQUIRED_LABELS = { name: 'Name', lastname: 'Last name' } as const;

const FLAGS = ['veteran', 'lgbt', 'is_generation_immigrant', 'is_disabled'] as const;

function flagToForm(value: boolean | null | undefined): string | null {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return null;
}

function flagToField(value: string | null): boolean | null {
  if (value === 'yes') return true;
  if (value === 'no') return false;
  return null;
}

export function accountToForm(account: UserAccount): ProfileFormValues {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const id = (value: unknown) => (typeof value === 'number' ? String(value) : null);
  return {
    name: account.name ?? '',
    lastname: account.lastname ?? '',
    title: account.title ?? '',
    bio: text(account.bio?.value),
    personal_email: text(account.personal_email?.value),
    phone: text(account.phone?.value),
    mobile_phone: text(account.mobile_phone?.value),
    address: text(account.address?.value),
    start_date: text(account.start_date?.value),
    gender_id: id(account.gender_id?.value),
    ethnicity_id: id(account.ethnicity_id?.value),
    veteran: flagToForm(account.veteran?.value),
    lgbt: flagToForm(account.lgbt?.value),
    is_generation_immigrant: flagToForm(account.is_generation_immigrant?.value),
    is_disabled: flagToForm(account.is_disabled?.value),
    languages: (account.languages ?? []).map(String),
  };
}

export function accountPrivateFields(account: UserAccount): PrivatableField[] {
  const fromFlags = PERSONAL_FIELDS.filter((field) => account[field]?.is_private);
  const listed = account.private_fields ?? [];
  return [...new Set<PrivatableField>([...listed, ...fromFlags])];
}

/**
 * The body of POST /api/user-account/{id} (sent multipart: booleans as 1/0, arrays as name[];
 * an empty list is sent as an empty field so the API can tell it from a missing one).
 */
export function formToFields(
  values: ProfileFormValues,
  privateFields: readonly PrivatableField[],
  twoFaEnabled: boolean,
): Record<string, unknown> {
  const orNull = (value: string) => (value.trim() ? value.trim() : null);
  const fields: Record<string, unknown> = {
    name: values.name.trim(),
    lastname: values.lastname.trim(),
    title: orNull(values.title),
    bio: orNull(values.bio),
    personal_email: orNull(values.personal_email),
    phone: orNull(values.phone),
    mobile_phone: orNull(values.mobile_phone),
    address: orNull(values.address),
    start_date: orNull(values.start_date),
    gender_id: values.gender_id ? Number(values.gender_id) : null,
    ethnicity_id: values.ethnicity_id ? Number(values.ethnicity_id) : null,
    languages: values.languages.length ? values.languages.map(Number) : '',
    private_fields: privateFields.length ? [...privateFields] : '',
    two_fa_enabled: twoFaEnabled,
  };
  for (const flag of FLAGS) fields[flag] = flagToField(values[flag]);
  return fields;
}

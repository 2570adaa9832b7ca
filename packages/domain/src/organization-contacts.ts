import { z } from 'zod';
import { zEmail, zPhone } from './validation/zod';

/** The organization's external contacts (private space, contacts page): whom a host invites to a survey. */
export const CONTACT_PAGE_SIZES = [30, 60] as const;
/** Spec 8 success alerts of the contacts page. */
export const CONTACT_DELETED_MESSAGE = 'Contact deleted';
export const CONTACTS_UPDATED_MESSAGE = 'Contacts table was updated';

export const ZContactsQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (CONTACT_PAGE_SIZES as readonly number[]).includes(n), {
      message: 'limit must be 30 or 60',
    })
    .default(30),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TContactsQuery = z.infer<typeof ZContactsQuery>;

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(255, `${label} must be not more than 255 characters long`);

/** POST and PUT /api/organizations/me/contacts[/{id}] */
export const ZContactInput = z.strictObject({
  name: required('Name'),
  email: zEmail(),
  phone: z.union([z.literal(''), zPhone()]).nullish(),
  title: z.string().trim().max(255, 'Title must be not more than 255 characters long').nullish(),
});
export type TContactInput = z.infer<typeof ZContactInput>;

export const ZContact = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TContact = z.infer<typeof ZContact>;

export const ZContactList = z.object({ data: z.array(ZContact), total: z.number().int() });
export type TContactList = z.infer<typeof ZContactList>;

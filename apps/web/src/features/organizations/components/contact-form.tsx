import { Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type TContact, type TContactInput, ZContactInput } from '@parity/domain/organization-contacts';
import type { PhoneCheck } from '@parity/domain/validation/phone';
import { type FormEvent, useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { PhoneInput } from '../../../components/phone-input/phone-input';
import { useSaveContact } from '../api/contacts';

export const CONTACTS_UPDATED = 'Contacts table was updated';

type Errors = Partial<Record<keyof TContactInput, string>>;

/** Add or edit an external contact: name, email, phone (the phone input), title. */
export function ContactForm({ contact, onDone }: { contact: TContact | null; onDone: () => void }) {
  const save = useSaveContact();
  const [name, setName] = useState(contact?.name ?? '');
  const [email, setEmail] = useState(contact?.email ?? '');
  const [phone, setPhone] = useState(contact?.phone ?? '');
  const [phoneCheck, setPhoneCheck] = useState<PhoneCheck | null>(null);
  const [title, setTitle] = useState(contact?.title ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A valid number is stored as E.164; anything else is sent as typed (and refused with its message).
    const phoneValue = phoneCheck?.valid
      ? `+${phoneCheck.countryCode}${phoneCheck.nationalNumber}`
      : phone.trim();
    const parsed = ZContactInput.safeParse({
      name,
      email,
      phone: phoneValue || null,
      title: title.trim() || null,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof TContactInput | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { id: contact?.id ?? null, body: parsed.data },
      {
        onSuccess: () => {
          showAlert('success', CONTACTS_UPDATED);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={contact ? 'Edit contact' : 'Add contact'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label="Email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <PhoneInput
            label="Phone"
            value={phone}
            onChange={(text, check) => {
              setPhone(text);
              setPhoneCheck(check);
            }}
            error={errors.phone}
          />
          <TextInput
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button kind="blanc" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save contact
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

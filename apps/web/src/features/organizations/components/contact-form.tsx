import { Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  CONTACTS_UPDATED_MESSAGE,
  type TContact,
  type TContactInput,
  ZContactInput,
} from '@parity/domain/organization-contacts';
import type { PhoneCheck } from '@parity/domain/validation/phone';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { PhoneInput } from '../../../components/phone-input/phone-input';
import { useSaveContact } from '../api/contacts';

interface ContactValues {
  name: string;
  email: string;
  /** As typed, with the phone input's reading of it. */
  phone: string;
  phoneCheck: PhoneCheck | null;
  title: string;
}

/** What is sent (and checked): a valid number as E.164, anything else as typed (refused with its message). */
function contactBody({ name, email, phone, phoneCheck, title }: ContactValues): TContactInput {
  const phoneValue = phoneCheck?.valid
    ? `+${phoneCheck.countryCode}${phoneCheck.nationalNumber}`
    : phone.trim();
  return { name, email, phone: phoneValue || null, title: title.trim() || null };
}

const checkContact = schemaResolver(ZContactInput, { sync: true });

/** Add or edit an external contact: name, email, phone (the phone input), title. */
export function ContactForm({ contact, onDone }: { contact: TContact | null; onDone: () => void }) {
  const save = useSaveContact();
  const form = useForm<ContactValues, TContactInput>({
    initialValues: {
      name: contact?.name ?? '',
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
      phoneCheck: null,
      title: contact?.title ?? '',
    },
    validate: (values) => checkContact(contactBody(values)),
    // The API trims and reads the body the way the schema does.
    transformValues: (values) => ZContactInput.parse(contactBody(values)),
  });

  const submit = form.onSubmit((body) => {
    save.mutate(
      { id: contact?.id ?? null, body },
      {
        onSuccess: () => {
          showAlert('success', CONTACTS_UPDATED_MESSAGE);
          onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={contact ? 'Edit contact' : 'Add contact'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
          <PhoneInput
            label="Phone"
            value={form.values.phone}
            onChange={(text, check) => form.setValues({ phone: text, phoneCheck: check })}
            error={form.errors.phone}
          />
          <TextInput label="Title" {...form.getInputProps('title')} />
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

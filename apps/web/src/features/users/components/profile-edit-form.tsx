import {
  Alert,
  Avatar,
  Card,
  FileInput,
  Group,
  MultiSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { displayName } from '@parity/domain/account';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { DateField } from '../../../components/form/date-field';
import { Select } from '../../../components/select/select';
import { useDictionary } from '../../../lib/dictionaries';
import type { PrivatableField, UserAccount } from '../api/types';
import { uploadUserImage, useUpdateUserAccount } from '../api/users';
import {
  accountPrivateFields,
  accountToForm,
  formToFields,
  type ProfileFormValues,
  REQUIRED_LABELS,
} from '../lib/account-form';
import { requiredMessage } from '../lib/profile';
import { UserAvatar } from './user-avatar';

const FLAG_OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

export const USER_UPDATED = 'User was updated';

export interface ProfileEditFormProps {
  account: UserAccount;
  onDone: () => void;
}

/** The profile edit form: name and last name required, every personal field with a private toggle, a photo. */
export function ProfileEditForm({ account, onDone }: ProfileEditFormProps) {
  const form = useForm<ProfileFormValues>({ initialValues: accountToForm(account) });
  const values = form.values;
  const [privateFields, setPrivateFields] = useState<PrivatableField[]>(() => accountPrivateFields(account));
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const update = useUpdateUserAccount(account.id);
  const queryClient = useQueryClient();
  const genders = useDictionary('genders');
  const ethnicities = useDictionary('ethnicities');
  const languages = useDictionary('languages');

  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const isPrivate = (field: PrivatableField) => privateFields.includes(field);
  const togglePrivate = (field: PrivatableField, on: boolean) =>
    setPrivateFields((current) => (on ? [...current, field] : current.filter((entry) => entry !== field)));

  /** A field with its 'Private' switch under it. */
  const withPrivacy = (field: PrivatableField, label: string, input: ReactNode) => (
    <Stack gap={4} key={field}>
      {input}
      <Switch
        size="xs"
        label={`Keep ${label.toLowerCase()} private`}
        checked={isPrivate(field)}
        onChange={(event) => togglePrivate(field, event.currentTarget.checked)}
      />
    </Stack>
  );

  const options = (list: readonly { id: number; name: string }[] | undefined) =>
    (list ?? []).map((option) => ({ value: String(option.id), label: option.name }));

  const submit = form.onSubmit(async (values) => {
    const missing = requiredMessage({ name: values.name, lastname: values.lastname }, REQUIRED_LABELS);
    setError(missing);
    if (missing) {
      showAlert('error', 'Error', missing);
      return;
    }
    setSaving(true);
    try {
      if (photo) {
        await uploadUserImage(photo);
        // The image keeps its address: drop the cached copy so the new one shows.
        await queryClient.invalidateQueries({ queryKey: ['protected-image'] });
      }
      await update.mutateAsync(formToFields(values, privateFields, account.two_fa_enabled));
      showAlert('success', USER_UPDATED);
      onDone();
    } catch {
      // The API client has shown the error alert.
    } finally {
      setSaving(false);
    }
  });

  const name = displayName(values.name, values.lastname) || account.email;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="edit-profile-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="edit-profile-title">
            Edit profile
          </Title>
          {error ? (
            <Alert color="danger" variant="light" role="alert" title="Required data missing">
              {error}
            </Alert>
          ) : null}
          <Group gap="md" align="flex-end">
            {preview ? (
              <Avatar src={preview} alt="New photo preview" size={72} radius="xl" />
            ) : (
              <UserAvatar src={account.image_url ?? null} name={name} size={72} />
            )}
            <FileInput
              label="Photo"
              placeholder="Choose an image"
              // A real text (not a native placeholder): it must keep AA contrast.
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              accept="image/png,image/jpeg,image/gif,image/webp"
              value={photo}
              onChange={setPhoto}
              clearable
              w={260}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Name" required {...form.getInputProps('name')} />
            {withPrivacy(
              'lastname',
              'Last name',
              <TextInput label="Last name" required {...form.getInputProps('lastname')} />,
            )}
            <TextInput label="Title" {...form.getInputProps('title')} />
            {withPrivacy(
              'personal_email',
              'Personal email',
              <TextInput label="Personal email" type="email" {...form.getInputProps('personal_email')} />,
            )}
            {withPrivacy(
              'phone',
              'Phone',
              <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />,
            )}
            {withPrivacy(
              'mobile_phone',
              'Mobile phone',
              <TextInput label="Mobile phone" type="tel" {...form.getInputProps('mobile_phone')} />,
            )}
            {withPrivacy(
              'address',
              'Address',
              <TextInput label="Address" {...form.getInputProps('address')} />,
            )}
            {withPrivacy(
              'start_date',
              'Start date',
              <DateField
                label="Start date"
                minDate="1900-01-01"
                value={values.start_date || null}
                onChange={(date) => form.setFieldValue('start_date', date ?? '')}
              />,
            )}
            <Text size="sm" c="dimmed" style={{ gridColumn: '1 / -1' }}>
              Gender, race/ethnicity, LGBTQ+, disability, veteran and immigration details stay private until
              you choose to show them to other users.
            </Text>
            {withPrivacy(
              'gender_id',
              'Gender',
              <Select
                label="Gender"
                data={options(genders.data)}
                {...form.getInputProps('gender_id')}
                clearable
              />,
            )}
            {withPrivacy(
              'ethnicity_id',
              'Race/Ethnicity',
              <Select
                label="Race/Ethnicity"
                data={options(ethnicities.data)}
                {...form.getInputProps('ethnicity_id')}
                clearable
              />,
            )}
            {(
              [
                ['veteran', 'Veteran'],
                ['lgbt', 'LGBTQ+'],
                ['is_generation_immigrant', 'First-generation immigrant'],
                ['is_disabled', 'Person with a disability'],
              ] as const
            ).map(([field, label]) =>
              withPrivacy(
                field,
                label,
                <Select label={label} data={FLAG_OPTIONS} {...form.getInputProps(field)} clearable />,
              ),
            )}
            <MultiSelect
              label="Languages"
              data={options(languages.data)}
              {...form.getInputProps('languages')}
              searchable
              clearable
            />
          </SimpleGrid>
          {withPrivacy('bio', 'Bio', <Textarea label="Bio" rows={4} {...form.getInputProps('bio')} />)}
          <Group justify="flex-end" gap="sm">
            <Button kind="blanc" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

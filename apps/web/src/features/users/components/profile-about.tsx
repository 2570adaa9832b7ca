import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type DictionaryOption, useDictionary } from '../../../lib/dictionaries';
import { profileText } from '../lib/profile';

/** A flat profile: every value as another user sees it ('Private', null, or the value). */
export type ProfileValues = Record<string, unknown>;

export const ABOUT_FIELDS: readonly {
  field: string;
  label: string;
  kind?: 'gender' | 'ethnicity' | 'languages';
}[] = [
  { field: 'email', label: 'Email' },
  { field: 'title', label: 'Title' },
  { field: 'organization', label: 'Organization' },
  { field: 'personal_email', label: 'Personal email' },
  { field: 'phone', label: 'Phone' },
  { field: 'mobile_phone', label: 'Mobile phone' },
  { field: 'address', label: 'Address' },
  { field: 'start_date', label: 'Start date' },
  { field: 'gender_id', label: 'Gender', kind: 'gender' },
  { field: 'ethnicity_id', label: 'Race/Ethnicity', kind: 'ethnicity' },
  { field: 'veteran', label: 'Veteran' },
  { field: 'lgbt', label: 'LGBTQ+' },
  { field: 'is_generation_immigrant', label: 'First-generation immigrant' },
  { field: 'is_disabled', label: 'Person with a disability' },
  { field: 'languages', label: 'Languages', kind: 'languages' },
];

function nameOf(options: readonly DictionaryOption[] | undefined, id: unknown): string | null {
  return options?.find((option) => option.id === Number(id))?.name ?? null;
}

/** The About tab: the bio and every profile field with the 'Private' / 'No information' rules. */
export function ProfileAbout({ values }: { values: ProfileValues }) {
  const genders = useDictionary('genders');
  const ethnicities = useDictionary('ethnicities');
  const languages = useDictionary('languages');

  const format = (kind: string | undefined, value: unknown): string | null => {
    if (kind === 'gender') return nameOf(genders.data, value);
    if (kind === 'ethnicity') return nameOf(ethnicities.data, value);
    if (kind === 'languages' && Array.isArray(value)) {
      return (
        value
          .map((id) => nameOf(languages.data, id))
          .filter(Boolean)
          .join(', ') || null
      );
    }
    if (value && typeof value === 'object' && 'name' in value)
      return String((value as { name: unknown }).name);
    return String(value);
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="profile-bio">
        <Title order={2} size="h4" id="profile-bio" mb="xs">
          Bio
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {profileText(values.bio)}
        </Text>
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="profile-details">
        <Title order={2} size="h4" id="profile-details" mb="sm">
          Details
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
          {ABOUT_FIELDS.map(({ field, label, kind }) => (
            <div key={field} data-field={field}>
              <Text component="dt" size="xs" c="dimmed" fw={600}>
                {label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {profileText(values[field], (value) => format(kind, value))}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}

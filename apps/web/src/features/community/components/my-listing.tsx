import { Accordion, Anchor, Card, Group, MultiSelect, Stack, Switch, Text } from '@mantine/core';
import {
  COMMUNITY_CHOICES_MAX,
  type TCommunityMe,
  ZCommunityListingUpdate,
  ZOrganizationTagsUpdate,
} from '@parity/domain/community';
import { useState } from 'react';
import { Link } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { type DictionaryName, useDictionary } from '../../../lib/dictionaries';
import { useUpdateListing, useUpdateOrganizationTags } from '../api/community';

/** A multi-select of dictionary options (interests or tags), its value as ids. */
export function ChoicePicker({
  dictionary,
  label,
  value,
  onChange,
  error,
  description,
  path,
}: {
  dictionary: Extract<DictionaryName, 'interests' | 'tags'>;
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: React.ReactNode;
  description?: string;
  path?: string;
}) {
  const options = useDictionary(dictionary);
  return (
    <MultiSelect
      label={label}
      description={description}
      data={(options.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number))}
      maxValues={COMMUNITY_CHOICES_MAX}
      searchable
      clearable
      error={error}
      data-path={path}
      nothingFoundMessage="No match"
    />
  );
}

interface ListingValues extends Record<string, unknown> {
  listed: boolean;
  interests: number[];
}

/** "Show me in the community" with my interests (the profile's), saved together. */
function ListingForm({ me }: { me: TCommunityMe }) {
  const update = useUpdateListing();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<ListingValues>(ZCommunityListingUpdate, {
    initialValues: { listed: me.listed, interests: me.interests },
  });
  const submit = form.onSubmit((values) => {
    setFormError(null);
    update.mutate(ZCommunityListingUpdate.parse(values), {
      onSuccess: (answer) =>
        showAlert(
          'success',
          answer.listed ? 'You are listed' : 'You are not listed',
          answer.listed
            ? 'Members find you in the community by your name and interests.'
            : 'You no longer appear in the community.',
        ),
      onError: (error) => setFormError(applyApiErrors(error, form, { focus: true })),
    });
  }, focusFirstError);
  return (
    <form onSubmit={submit} noValidate aria-label="My community listing">
      <Stack gap="sm">
        <FormError title="Your listing could not be saved">{formError}</FormError>
        <Switch
          label="Show me in the community"
          description="Off by default. When on, approved members see your name, photo, title, organization and interests, and may follow you."
          {...form.getInputProps('listed', { type: 'checkbox' })}
        />
        <ChoicePicker
          dictionary="interests"
          label="My interests"
          description="Shown on your profile too; members find you by them."
          value={form.values.interests}
          onChange={(ids) => form.setFieldValue('interests', ids)}
          error={form.errors.interests}
          path="interests"
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {me.followers} {me.followers === 1 ? 'follower' : 'followers'} · following {me.following}
          </Text>
          <Button type="submit" size="small" loading={update.isPending}>
            Save my listing
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface TagValues extends Record<string, unknown> {
  tags: number[];
}

/** The organization's listing: public or not (its settings), and its tags (organization admins). */
function OrganizationListing({ organization }: { organization: NonNullable<TCommunityMe['organization']> }) {
  const update = useUpdateOrganizationTags(organization.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<TagValues>(ZOrganizationTagsUpdate, {
    initialValues: { tags: organization.tags },
  });
  const submit = form.onSubmit((values) => {
    setFormError(null);
    update.mutate(ZOrganizationTagsUpdate.parse(values), {
      onSuccess: () => showAlert('success', 'Tags saved', `${organization.name}’s tags are saved.`),
      onError: (error) => setFormError(applyApiErrors(error, form, { focus: true })),
    });
  }, focusFirstError);
  const status = organization.listed
    ? `${organization.name} is public, so it is listed.`
    : `${organization.name} is private, so it is not listed.`;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {status}{' '}
        {organization.can_edit ? (
          <Anchor component={Link} to="/organizations/private/settings">
            Change it in the organization’s settings
          </Anchor>
        ) : (
          'Its admins decide.'
        )}
      </Text>
      {organization.can_edit ? (
        <form onSubmit={submit} noValidate aria-label="Organization tags">
          <Stack gap="sm">
            <FormError title="The tags could not be saved">{formError}</FormError>
            <ChoicePicker
              dictionary="tags"
              label={`${organization.name}’s tags`}
              value={form.values.tags}
              onChange={(ids) => form.setFieldValue('tags', ids)}
              error={form.errors.tags}
              path="tags"
            />
            <Button type="submit" size="small" loading={update.isPending} style={{ alignSelf: 'flex-end' }}>
              Save tags
            </Button>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}

/**
 * The caller's own place in the community: their listing, and their organization's. Open while
 * they are not listed (the invitation to opt in); folded to one line once they are, so that the
 * directory comes first on a phone.
 */
export function MyListing({ me }: { me: TCommunityMe }) {
  return (
    <Card withBorder radius="md" padding={0} component="section" aria-label="Your listing">
      <Accordion defaultValue={me.listed ? null : 'listing'} order={2} chevronPosition="right">
        <Accordion.Item value="listing" style={{ borderBottom: 0 }}>
          <Accordion.Control>
            <Text fw={700}>
              Your listing{' '}
              <Text span size="sm" c="dimmed" fw={400}>
                {me.listed ? '· you are listed' : '· you are not listed'}
              </Text>
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="md">
              <ListingForm me={me} />
              {me.organization ? <OrganizationListing organization={me.organization} /> : null}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Card>
  );
}

import { MultiSelect, Paper, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { podInviteSchema } from '@parity/domain/pods/pods';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { api } from '../../../lib/api-client';
import { useInvite } from '../api/members';

interface InviteValues extends Record<string, unknown> {
  userIds: number[];
  emails: string[];
}

interface UserPage {
  data: { id: number; name: string; lastname?: string | null; organization?: { name: string } | null }[];
}

/** GET /api/users?search_query: the directory's first 20 matches, as options. */
function useUserOptions(search: string) {
  return useQuery({
    queryKey: ['pods', 'user-search', search],
    queryFn: async () => {
      const page = await api.get<UserPage>('/api/users', { search_query: search, limit: 20, offset: 0 });
      return page.data.map((user) => ({
        value: String(user.id),
        label: `${[user.name, user.lastname].filter(Boolean).join(' ')}${user.organization ? ` (${user.organization.name})` : ''}`,
      }));
    },
    enabled: search.trim() !== '',
    staleTime: 30_000,
  });
}

/**
 * Pod admins invite users by name or email; each is mailed a link to accept (an address without an
 * account, an invitation to join Parity: the API answers both alike, so the toast says the same).
 */
export function InviteForm({ podId }: { podId: number }) {
  const invite = useInvite(podId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useUserOptions(debounced);
  const [picked, setPicked] = useState<{ value: string; label: string }[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<InviteValues>(podInviteSchema, { initialValues: { userIds: [], emails: [] } });
  const options = [...picked, ...(found.data ?? []).filter((o) => !picked.some((p) => p.value === o.value))];

  const submit = form.onSubmit((values) => {
    setFormError(null);
    invite.mutate(podInviteSchema.parse(values), {
      onSuccess: ({ invited }) => {
        form.reset();
        setPicked([]);
        showAlert(
          'success',
          'Invited',
          invited === 1 ? '1 invitation was mailed.' : `${invited} invitations were mailed.`,
        );
      },
      onError: (error) =>
        setFormError(applyApiErrors(error, form, { field: (path) => path.split('.')[0] ?? null })),
    });
  }, focusFirstError);

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Invite to the pod">
        <Stack gap="sm">
          <Title order={2} size="h5">
            Invite
          </Title>
          <FormError title="The invitations could not be sent">{formError}</FormError>
          <MultiSelect
            label="Users"
            placeholder="Search users by name"
            searchable
            clearable
            data={options}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={
              found.isFetching ? 'Searching…' : search ? 'Nothing found' : 'Type to search'
            }
            data-path="userIds"
            value={form.values.userIds.map(String)}
            onChange={(ids) => {
              setPicked(options.filter((option) => ids.includes(option.value)));
              form.setFieldValue('userIds', ids.map(Number));
            }}
            error={form.errors.userIds}
          />
          <TagsInput
            label="Emails"
            placeholder="Type an email and press Enter"
            data-path="emails"
            splitChars={[',', ' ', ';']}
            {...form.getInputProps('emails')}
            error={
              form.errors.emails ??
              Object.entries(form.errors).find(([path]) => path.startsWith('emails.'))?.[1]
            }
          />
          <Text size="xs" c="dimmed">
            Each person is mailed a link to accept; they join once they do. An address without an account is
            mailed an invitation to join Parity first.
          </Text>
          <Button type="submit" loading={invite.isPending} style={{ alignSelf: 'flex-end' }}>
            Send invitations
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

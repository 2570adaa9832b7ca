import { Alert, Badge, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { type TAdminUser, type TAdminUserUpdateInput, ZAdminUserUpdate } from '@parity/domain/admin-users';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { showAlert } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { confirm } from '../../../../components/dialog/confirm';
import { applyApiErrors } from '../../../../components/form/api-errors';
import { FormError } from '../../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../../components/form/use-schema-form';
import { QueryError, QueryLoader } from '../../../../components/query-state/query-state';
import { ApiError } from '../../../../lib/api-client';
import { usePathTabs } from '../../../../lib/path-tabs';
import {
  useAdminUser,
  useArchiveUser,
  useDecideUser,
  useDisableTwoFactor,
  useUpdateUser,
} from '../api/users';
import { PasswordResetButton } from '../components/password-reset-dialog';
import { PermissionsTab } from '../components/permissions-tab';

const fullName = (u: { name: string; lastname: string }) => `${u.name} ${u.lastname}`.trim();

const TABS = ['profile', 'permissions'] as const;

/** The page's own not-found state: an id that is not a number, or no such account. */
function UserNotFound() {
  return (
    <Alert color="red" role="alert" title="User not found">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">There is no user with this id: it may have been mistyped or removed.</Text>
        <Button component={Link} to="/admin/users" kind="tertiary">
          Back to users
        </Button>
      </Stack>
    </Alert>
  );
}

/** /admin/users/{userId}: the account (Profile) and its rights (Permissions, at /permissions). */
export function UserPage() {
  const param = useParams().userId ?? '';
  const userId = /^\d+$/.test(param) ? Number(param) : null;
  const user = useAdminUser(userId);
  const { tab, redirect, select } = usePathTabs(`/admin/users/${param}`, TABS);
  if (redirect) return <Navigate to={redirect} replace />;
  if (userId === null) return <UserNotFound />;
  if (user.isError && user.error instanceof ApiError && user.error.status === 404) return <UserNotFound />;
  if (user.isPending) return <QueryLoader label="Loading the user" />;
  if (user.isError) {
    return (
      <QueryError
        error={user.error}
        title="The user could not be loaded"
        onRetry={() => void user.refetch()}
        action={
          <Button component={Link} to="/admin/users" kind="tertiary">
            Back to users
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={2} size="h3">
          {fullName(user.data)}
        </Title>
        {user.data.status ? <Badge variant="light">{user.data.status}</Badge> : null}
      </Group>
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="profile">Profile</Tabs.Tab>
          <Tabs.Tab value="permissions">Permissions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile" pt="md">
          <ProfileTab user={user.data} />
        </Tabs.Panel>
        <Tabs.Panel value="permissions" pt="md">
          <PermissionsTab user={user.data} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ProfileTab({ user }: { user: TAdminUser }) {
  const navigate = useNavigate();
  const update = useUpdateUser(user.id);
  const decide = useDecideUser(user.id);
  const twoFactor = useDisableTwoFactor(user.id);
  const archive = useArchiveUser(user.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<TAdminUserUpdateInput>(ZAdminUserUpdate, {
    mode: 'controlled',
    initialValues: { name: user.name, lastname: user.lastname, title: user.title ?? '', email: user.email },
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(ZAdminUserUpdate.parse(values));
      showAlert('success', 'Profile saved');
    } catch (error) {
      setFormError(applyApiErrors(error, form, { focus: true }));
    }
  }, focusFirstError);

  // Failures of the actions below are reported by the API client's error alert.
  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      showAlert('success', success);
      return true;
    } catch {
      return false;
    }
  };

  const turnOffTwoFactor = async () => {
    const ok = await confirm({
      title: 'Turn off two-factor',
      message: `${fullName(user)} will sign in with their password only until they turn two-factor on again.`,
      confirmLabel: 'Turn off two-factor',
      danger: true,
    });
    if (ok) await run(() => twoFactor.mutateAsync(undefined), 'Two-factor turned off');
  };

  const archiveUser = async () => {
    const ok = await confirm({
      title: 'Archive user',
      message: `${fullName(user)} will be signed out and can no longer sign in until restored.`,
      confirmLabel: 'Archive',
      danger: true,
    });
    if (ok && (await run(() => archive.mutateAsync(undefined), 'User archived'))) {
      void navigate('/admin/users');
    }
  };

  return (
    <Stack gap="lg" maw={560}>
      {user.status === 'pending' ? (
        <Alert color="warning" title="Awaiting approval">
          <Stack gap="xs">
            <Text size="sm">{`${fullName(user)} asked to join ${user.organization?.name ?? 'an organization'}.`}</Text>
            <Group gap="sm">
              <Button
                loading={decide.isPending && decide.variables === 'approve'}
                onClick={() => void run(() => decide.mutateAsync('approve'), 'User approved')}
              >
                Approve
              </Button>
              <Button
                kind="error"
                loading={decide.isPending && decide.variables === 'decline'}
                onClick={() => void run(() => decide.mutateAsync('decline'), 'User declined')}
              >
                Decline
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Account">
        <Stack gap="sm">
          <FormError title="The profile could not be saved">{formError}</FormError>
          <TextInput label="Name" required {...form.getInputProps('name')} key={form.key('name')} />
          <TextInput
            label="Last name"
            required
            {...form.getInputProps('lastname')}
            key={form.key('lastname')}
          />
          <TextInput label="Title" {...form.getInputProps('title')} key={form.key('title')} />
          <TextInput
            label="Email"
            required
            type="email"
            {...form.getInputProps('email')}
            key={form.key('email')}
          />
          <Text size="sm" c="dimmed">
            {`Organization: ${user.organization?.name ?? 'none'} · Two-factor: ${user.two_fa_enabled ? 'on' : 'off'}`}
          </Text>
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <Group gap="sm">
        <PasswordResetButton user={user} />
        {user.two_fa_enabled ? (
          <Button kind="secondary" loading={twoFactor.isPending} onClick={() => void turnOffTwoFactor()}>
            Turn off two-factor
          </Button>
        ) : null}
        <Button kind="error" loading={archive.isPending} onClick={() => void archiveUser()}>
          Archive
        </Button>
      </Group>
    </Stack>
  );
}

export { UserPage as Component };

import { Badge, Group, MultiSelect, Stack, Switch, Text, Title } from '@mantine/core';
import {
  ADMIN_USER_ROLE_LABELS,
  type TAdminUser,
  type TAdminUserPermissions,
} from '@parity/domain/admin-users';
import {
  PERMISSION_FLAGS,
  PERMISSION_SET_NAMES,
  PERMISSION_SETS,
  permissionSetChanges,
  permissionSetFlags,
  permissionSetsOf,
  type TPermissionFlag,
  type TPermissionSetName,
} from '@parity/domain/permissions';
import { useState } from 'react';
import { showAlert } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { confirm } from '../../../../components/dialog/confirm';
import { apiErrorMessage } from '../../../../components/form/api-errors';
import { FormError } from '../../../../components/form/form-error';
import { Select } from '../../../../components/select/select';
import { useDictionary } from '../../../../lib/dictionaries';
import { useUpdatePermissions, useUpdateRoles } from '../api/users';

const FLAG_LABELS: Record<TPermissionFlag, string> = {
  manage_settings: 'Manage settings (organization admin)',
  user_manage_surveys: 'Survey host (manage surveys)',
  survey_creation: 'Survey creation',
  average_lpi_score_access: 'Average LPI score access',
};

const SWITCHES: { key: keyof TAdminUserPermissions; label: string; organization: boolean }[] = [
  { key: 'is_sadm', label: ADMIN_USER_ROLE_LABELS.sadm, organization: false },
  ...PERMISSION_FLAGS.map((key) => ({ key, label: FLAG_LABELS[key], organization: true })),
];

const onOff = (value: boolean) => (value ? 'on' : 'off');

/** The Permissions tab: is_sadm, the organization permissions (or a set of them), the user's roles. */
export function PermissionsTab({ user }: { user: TAdminUser }) {
  return (
    <Stack gap="xl" maw={560}>
      <RightsSection user={user} />
      <RolesSection user={user} />
    </Stack>
  );
}

function RightsSection({ user }: { user: TAdminUser }) {
  const update = useUpdatePermissions(user.id);
  const [values, setValues] = useState<TAdminUserPermissions>(user.permissions);
  const [error, setError] = useState<string | null>(null);
  const [setName, setSetName] = useState<TPermissionSetName | null>(null);
  const changedKeys = SWITCHES.filter((s) => values[s.key] !== user.permissions[s.key]).map((s) => s.key);
  const currentSet = permissionSetsOf(values).join(', ');

  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync(Object.fromEntries(changedKeys.map((k) => [k, values[k]])));
      showAlert('success', 'Permissions saved');
    } catch (failure) {
      setError(apiErrorMessage(failure));
    }
  };

  const applySet = async () => {
    if (!setName) return;
    const changes = permissionSetChanges(user.permissions, setName);
    if (changes.length === 0) {
      showAlert('info', `${setName} already applies`, 'No switch changes.');
      return;
    }
    const ok = await confirm({
      title: `Apply ${setName}`,
      message: `These switches change: ${changes
        .map((c) => `${FLAG_LABELS[c.permission]} ${onOff(c.from)} → ${onOff(c.to)}`)
        .join('; ')}.`,
      confirmLabel: 'Apply',
    });
    if (!ok) return;
    setError(null);
    try {
      const flags = permissionSetFlags(setName);
      await update.mutateAsync(flags);
      setValues((current) => ({ ...current, ...flags }));
      setSetName(null);
      showAlert('success', `${setName} applied`);
    } catch (failure) {
      setError(apiErrorMessage(failure));
    }
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Rights
      </Title>
      <FormError title="The permissions could not be saved">{error}</FormError>
      {user.organization ? (
        <Group gap="xs">
          <Text size="sm">Permission set:</Text>
          <Badge variant="light" data-testid="permission-set">
            {currentSet}
          </Badge>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          This user belongs to no organization: only the platform administrator right applies.
        </Text>
      )}
      {SWITCHES.map((s) => (
        <Switch
          key={s.key}
          label={s.label}
          checked={values[s.key]}
          disabled={s.organization && !user.organization}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setValues((current) => ({ ...current, [s.key]: checked }));
          }}
        />
      ))}
      <Group>
        <Button onClick={() => void save()} loading={update.isPending} disabled={changedKeys.length === 0}>
          Save permissions
        </Button>
      </Group>
      {user.organization ? (
        <Group gap="sm" align="flex-end">
          <Select
            label="Apply a permission set"
            placeholder="Choose a set"
            data={PERMISSION_SETS.map((s) => ({ value: s.name, label: `${s.name} (${s.description})` }))}
            value={setName}
            onChange={(value) => setSetName(PERMISSION_SET_NAMES.find((name) => name === value) ?? null)}
            w={320}
          />
          <Button kind="secondary" onClick={() => void applySet()} disabled={!setName || update.isPending}>
            Apply
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function RolesSection({ user }: { user: TAdminUser }) {
  const roles = useDictionary('roles');
  const update = useUpdateRoles(user.id);
  const saved = user.user_roles.map((r) => String(r.id));
  const [selected, setSelected] = useState<string[]>(saved);
  const [error, setError] = useState<string | null>(null);
  const dirty = selected.length !== saved.length || selected.some((id) => !saved.includes(id));

  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({ role_ids: selected.map(Number) });
      showAlert('success', 'Roles saved');
    } catch (failure) {
      setError(apiErrorMessage(failure));
    }
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        User roles
      </Title>
      <FormError title="The roles could not be saved">{error}</FormError>
      {roles.isError ? (
        <FormError title="The roles could not be loaded">
          {`${apiErrorMessage(roles.error)} Reload the page to try again.`}
        </FormError>
      ) : null}
      <MultiSelect
        label="Roles"
        description="The user's roles in their organization"
        placeholder={roles.isPending ? 'Loading roles…' : selected.length === 0 ? 'No role' : undefined}
        disabled={roles.isPending || roles.isError}
        data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        value={selected}
        onChange={setSelected}
        searchable
        clearable
        nothingFoundMessage="No role found"
      />
      <Group>
        <Button onClick={() => void save()} loading={update.isPending} disabled={!dirty}>
          Save roles
        </Button>
      </Group>
    </Stack>
  );
}

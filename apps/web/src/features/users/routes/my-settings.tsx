import { Card, Group, PasswordInput, Stack, Switch, Text, Title } from '@mantine/core';
import { PASSWORD_RULE_HINT, ZPasswordUpdateForm } from '@parity/domain/auth';
import { ZEraseAccountRequest } from '@parity/domain/data-portability';
import { useOutletContext } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { closeDialog, openDialog } from '../../../components/dialog/dialog-store';
import { applyApiErrors } from '../../../components/form/api-errors';
import { alertRequiredFields } from '../../../components/form/required-alert';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { logout } from '../../../lib/session';
import type { UserAccount } from '../api/types';
import { useDeactivateAccount, useEraseAccount, useUpdatePassword, useUpdateUserAccount } from '../api/users';
import { accountPrivateFields, accountToForm, formToFields } from '../lib/account-form';

/** The password change's required arguments, named in the 'Error' alert when empty (spec 8). */
const PASSWORD_CHANGE_LABELS = {
  current_password: 'Current password',
  new_password: 'New password',
  new_password_confirmation: 'Confirm new password',
};

function PasswordChangeForm() {
  const form = useSchemaForm(ZPasswordUpdateForm, {
    initialValues: { current_password: '', new_password: '', new_password_confirmation: '' },
  });
  const update = useUpdatePassword();
  const submit = form.onSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        showAlert('success', 'Success!', 'Your password was changed.');
        form.reset();
      },
    });
  }, alertRequiredFields(PASSWORD_CHANGE_LABELS));
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <Title order={2} size="h4" id="password-title">
            Change password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            description={PASSWORD_RULE_HINT}
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('new_password_confirmation')}
          />
          <div>
            <Button type="submit" loading={update.isPending}>
              Change password
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}

function TwoFactorSetting({ account }: { account: UserAccount }) {
  const update = useUpdateUserAccount(account.id);
  const toggle = (enabled: boolean) => {
    update.mutate(formToFields(accountToForm(account), accountPrivateFields(account), enabled), {
      onSuccess: () =>
        showAlert(
          'success',
          'Success!',
          enabled ? 'Two-factor sign-in is on.' : 'Two-factor sign-in is off.',
        ),
    });
  };
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="two-factor-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="two-factor-title">
          Two-factor sign-in
        </Title>
        <Text size="sm">When on, signing in also asks for a code sent to your email.</Text>
        <Switch
          label="Use two-factor sign-in"
          checked={account.two_fa_enabled}
          disabled={update.isPending}
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
      </Stack>
    </Card>
  );
}

function DeactivateConfirmation({ onCancel }: { onCancel: () => void }) {
  const deactivate = useDeactivateAccount();
  return (
    <Stack gap="md">
      <Text size="sm">
        Your account will be deactivated and you will be signed out everywhere. You cannot sign in again until
        an administrator restores it.
      </Text>
      <Stack gap="xs" align="flex-end">
        <div style={{ display: 'flex', gap: 8 }}>
          <Button kind="blanc" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            kind="error"
            loading={deactivate.isPending}
            onClick={() =>
              deactivate.mutate(undefined, {
                onSuccess: () => {
                  showAlert('success', 'User Account Deleted');
                  logout();
                },
              })
            }
          >
            Deactivate
          </Button>
        </div>
      </Stack>
    </Stack>
  );
}

/** A section whose button opens a dialog that confirms an account-ending step. */
function AccountEndSetting(props: {
  id: string;
  title: string;
  text: string;
  dialogTitle: string;
  confirmation: (close: () => void) => React.ReactNode;
}) {
  const open = () => {
    const id = openDialog({
      title: props.dialogTitle,
      size: 'small',
      content: props.confirmation(() => closeDialog(id)),
    });
  };
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={props.id}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id={props.id}>
          {props.title}
        </Title>
        <Text size="sm">{props.text}</Text>
        <Button kind="error" onClick={open}>
          {props.title}
        </Button>
      </Stack>
    </Card>
  );
}

function EraseConfirmation({ onCancel }: { onCancel: () => void }) {
  const erase = useEraseAccount();
  const form = useSchemaForm(ZEraseAccountRequest, { initialValues: { password: '' } });
  const submit = form.onSubmit((values) =>
    erase.mutate(values, {
      onSuccess: (answer) => {
        showAlert('success', 'User Account Deleted', answer.message);
        logout();
      },
      onError: (error) => {
        const message = applyApiErrors(error, form);
        if (message) showAlert('error', 'Error', message);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Your name, email, phone, profile, image, saved items, follows and notifications are deleted and you
          are signed out everywhere. What you did in your organization stays, shown as 'Erased user'. This
          cannot be undone.
        </Text>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          data-autofocus
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" gap="xs">
          <Button kind="blanc" onClick={onCancel}>
            Cancel
          </Button>
          <Button kind="error" type="submit" loading={erase.isPending}>
            Delete my account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /users/private/settings: change password, two-factor on or off, deactivate or delete the account. */
export function MySettingsRoute() {
  const account = useOutletContext<UserAccount>();
  return (
    <Stack gap="md">
      <PasswordChangeForm />
      <TwoFactorSetting account={account} />
      <AccountEndSetting
        id="deactivate-title"
        title="Deactivate account"
        text="Stop using Parity: your account is deactivated and every session ends."
        dialogTitle="Deactivate your account?"
        confirmation={(close) => <DeactivateConfirmation onCancel={close} />}
      />
      <AccountEndSetting
        id="erase-title"
        title="Delete my account"
        text="Remove your personal data from Parity for good. The last admin of an organization hands the manage settings permission to another member first."
        dialogTitle="Delete your account and personal data?"
        confirmation={(close) => <EraseConfirmation onCancel={close} />}
      />
    </Stack>
  );
}

export { MySettingsRoute as Component };

import { Checkbox, Group, Stack, Text } from '@mantine/core';
import {
  passwordResetSentMessage,
  type TAdminPasswordResetInput,
  type TAdminUser,
  ZAdminPasswordReset,
} from '@parity/domain/admin-users';
import { showAlert } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { closeDialog, openDialog } from '../../../../components/dialog/dialog-store';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { useSendPasswordReset } from '../api/users';

export const END_SESSIONS_LABEL = "End all of this user's sessions";

/**
 * 'Send password reset' on a user's profile: a dialog mails the link and, unless unticked, ends
 * every session of the user at once (someone else may be signed in as them); the alert tells how
 * many sessions ended.
 */
export function PasswordResetButton({ user }: { user: TAdminUser }) {
  const open = () => {
    const id = openDialog({
      title: 'Send a password reset',
      size: 'small',
      content: <PasswordResetForm user={user} onDone={() => closeDialog(id)} />,
    });
  };
  return (
    <Button kind="secondary" onClick={open}>
      Send password reset
    </Button>
  );
}

type Values = Required<TAdminPasswordResetInput>;

function PasswordResetForm({ user, onDone }: { user: TAdminUser; onDone: () => void }) {
  const reset = useSendPasswordReset(user.id);
  const form = useSchemaForm<Values>(ZAdminPasswordReset, { initialValues: { end_sessions: true } });
  const submit = async (values: Values) => {
    try {
      const result = await reset.mutateAsync(ZAdminPasswordReset.parse(values));
      showAlert('success', passwordResetSentMessage(result.sessions_ended));
      onDone();
    } catch {
      // The API client shows the error alert.
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Password reset">
      <Stack gap="sm">
        <Text size="sm">
          {`${user.name} ${user.lastname}`.trim()} will be mailed a link to choose a new password (valid 60
          minutes, it works once).
        </Text>
        <Checkbox
          label={END_SESSIONS_LABEL}
          description="Signs them out on every device now, in case someone else is signed in as them."
          {...form.getInputProps('end_sessions', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button kind="blanc" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={reset.isPending}>
            Send reset link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

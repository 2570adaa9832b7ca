import { Group, Stack, TextInput } from '@mantine/core';
import { ZCreateInvitationRequest } from '@parity/domain/signup';
import { IconSend } from '@tabler/icons-react';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useInvite } from '../api/space';

export const INVITATION_SENT = 'Email sent';

/** Invite a person by email: the mail links to /signup/invitation/{uuid} (valid 7 days). */
export function InviteForm({ onDone }: { onDone?: () => void }) {
  const invite = useInvite();
  const form = useSchemaForm(ZCreateInvitationRequest, { initialValues: { email: '' } });

  const submit = form.onSubmit(({ email }) => {
    invite.mutate(email.trim(), {
      onSuccess: (sent) => {
        showAlert('success', INVITATION_SENT, `An invitation was sent to ${sent.email}.`);
        form.reset();
        onDone?.();
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Invite a person">
      <Stack gap="sm">
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Email"
            type="email"
            required
            {...form.getInputProps('email')}
            w={{ base: '100%', sm: 320 }}
            description="They get a link to sign up and join; it works for 7 days."
          />
        </Group>
        <Group>
          <Button type="submit" loading={invite.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

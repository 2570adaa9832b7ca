import { Group, Stack, TextInput } from '@mantine/core';
import { ZEmail } from '@parity/domain/signup';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { useInvite } from '../api/space';

export const INVITATION_SENT = 'Email sent';

/** Invite a person by email: the mail links to /signup/invitation/{uuid} (valid 7 days). */
export function InviteForm({ onDone }: { onDone?: () => void }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZEmail.safeParse(email.trim());
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Email is invalid');
      return;
    }
    setError(null);
    invite.mutate(parsed.data, {
      onSuccess: (sent) => {
        showAlert('success', INVITATION_SENT, `An invitation was sent to ${sent.email}.`);
        setEmail('');
        onDone?.();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Invite a person">
      <Stack gap="sm">
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Email"
            type="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={error}
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

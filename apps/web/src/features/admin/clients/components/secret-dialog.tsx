import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { TAdminClientWithSecret } from '@parity/domain/admin-clients';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Button } from '../../../../components/button/button';
import { openDialog } from '../../../../components/dialog/dialog-store';

export const SECRET_WARNING =
  'Copy the secret now and store it safely: it is shown only this once. Parity keeps only a hash of it; if it is lost, rotate it.';

/** The secret of a client, shown once (after a create or a rotation), with a copy button. */
export function showClientSecret(result: TAdminClientWithSecret, title: string) {
  openDialog({
    title,
    size: 'medium',
    // Not dismissed by a stray click or Escape: the secret cannot be shown again.
    persistent: true,
    content: (close) => <SecretPanel result={result} onDone={close} />,
  });
}

function SecretPanel({ result, onDone }: { result: TAdminClientWithSecret; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="warning" title="Shown once">
        {SECRET_WARNING}
      </Alert>
      <Stack gap={4}>
        <Text size="sm" fw={600} id="client-id-label">
          Client ID
        </Text>
        <Code aria-labelledby="client-id-label" data-testid="client-id">
          {result.client.id}
        </Code>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600} id="client-secret-label">
          Client secret
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code
            block
            aria-labelledby="client-secret-label"
            data-testid="client-secret"
            style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', flex: 1 }}
          >
            {result.client_secret}
          </Code>
          <CopyButton value={result.client_secret}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy the secret'} withArrow>
                <ActionIcon
                  variant="light"
                  size="lg"
                  onClick={copy}
                  aria-label={copied ? 'Secret copied' : 'Copy the secret'}
                >
                  {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={onDone}>I have stored the secret</Button>
      </Group>
    </Stack>
  );
}

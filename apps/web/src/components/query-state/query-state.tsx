import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isRetryable, toApiError } from '../../lib/api-client';
import { Button } from '../button/button';

/** A query still loading: a centred spinner named for screen readers. */
export function QueryLoader({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

export interface QueryErrorProps {
  error: unknown;
  /** What could not be loaded ('The surveys could not be loaded'). */
  title: string;
  /** Offered as 'Try again' when trying again can help (no answer, time-out, 429, 5xx). */
  onRetry?: () => void;
  /** Where to go instead, for a failure trying again will not mend (no right, not found). */
  action?: ReactNode;
}

/**
 * The one way a page or a panel shows a failed read: inline, with the reason the API gave
 * (awaiting approval, no right, not found, no connection). Reads never raise a toast for it.
 */
export function QueryError({ error, title, onRetry, action }: QueryErrorProps) {
  const failure = toApiError(error);
  const retry = onRetry && isRetryable(failure.status);
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{failure.message}</Text>
        {retry ? (
          <Button kind="blanc" size="small" onClick={onRetry}>
            Try again
          </Button>
        ) : (
          action
        )}
      </Stack>
    </Alert>
  );
}

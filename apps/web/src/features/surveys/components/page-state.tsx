import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button';
import { QueryError } from '../../../components/query-state/query-state';
import { ApiError } from '../../../lib/api-client';

/** The loading and failure states of a survey's page (taking, export, archive). */

export function LoadingPage({ label }: { label: string }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label={label}>
      <Skeleton height={36} width="50%" />
      <Skeleton height={12} />
      <Skeleton height={320} radius="md" />
    </Stack>
  );
}

export function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  const back = (
    <Button component={Link} to="/surveys" kind="blanc" size="small">
      Back to surveys
    </Button>
  );
  return (
    <Stack gap="md">
      <Title order={1}>Survey</Title>
      {notFound ? (
        <Alert color="danger" icon={<IconAlertCircle aria-hidden />} title="Survey not found">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">This survey does not exist or your organization is not invited to it.</Text>
            {back}
          </Stack>
        </Alert>
      ) : (
        // Any other failure says the API's reason (no right, awaiting approval, no connection).
        <QueryError error={error} title="The survey could not be loaded" onRetry={retry} action={back} />
      )}
    </Stack>
  );
}

import { Code, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/button/button';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/**
 * The root error boundary: a route that failed to load or render (for example a page's code that
 * changed with a new release) offers a reload instead of a blank screen.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    document.title = 'Something went wrong · Parity';
    console.error('Route error', error);
  }, [error]);
  return (
    <Container component="main" size="sm" py={80}>
      <Stack gap="md" align="flex-start">
        <Title order={1}>Something went wrong</Title>
        <Text>
          This page could not be shown. Reloading usually helps; if it keeps happening, please tell your
          Parity contact what you were doing.
        </Text>
        <Code block>{describe(error)}</Code>
        <Button kind="primary" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Stack>
    </Container>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Button } from '../../components/button/button';

/** /404: where every unknown path ends (spec section 2). */
export function NotFoundRoute() {
  return (
    <Stack gap="md" align="center" ta="center">
      <Text fw={700} fz={48} lh={1} c="parity.7" aria-hidden="true">
        404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">The page you asked for does not exist or has moved.</Text>
      <Button component={Link} to="/" kind="primary">
        Go to the dashboard
      </Button>
    </Stack>
  );
}

export { NotFoundRoute as Component };

import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { SignupForm } from '../components/signup-form';

/** /signup: create an account; a verification link is mailed next. */
export function SignupRoute() {
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Create your Parity account</Title>
        <Text c="dimmed">
          After you verify your email address, you join your organization with its code or create a new one.
        </Text>
      </Stack>
      <SignupForm onStarted={(email) => navigate('/signup/verification', { state: { email } })} />
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Log in
        </Anchor>
      </Text>
    </Stack>
  );
}

export { SignupRoute as Component };

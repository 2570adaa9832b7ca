import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../components/login-form';
import { LOGIN_PASSWORD_PATH, LOGIN_PATH, REDIRECT_PARAM, safeRedirectPath } from '../lib/redirect';

/** /login (named route `login`): the password sign-in of spec section 4. */
export function LoginRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ?? '/';
  // The next step (code or new password) brings the user back to the page they asked for.
  const redirectQuery = target === '/' ? '' : `?${new URLSearchParams({ [REDIRECT_PARAM]: target })}`;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Log in to Parity</Title>
        <Text c="dimmed">Use the email address and password of your Parity account.</Text>
      </Stack>
      <LoginForm
        onSignedIn={() => navigate(target, { replace: true })}
        onMfaRequired={(uuid) =>
          navigate(`${LOGIN_PATH}/verification/${encodeURIComponent(uuid)}${redirectQuery}`)
        }
        // The ticket travels in the history entry's state: never in the address or in storage.
        onPasswordExpired={(ticket) =>
          navigate(`${LOGIN_PASSWORD_PATH}${redirectQuery}`, { state: { ticket } })
        }
      />
      <Text size="sm" ta="center">
        <Anchor component={Link} to={`${LOGIN_PATH}/forgot`}>
          Forgot your password?
        </Anchor>
      </Text>
      <Text size="sm" ta="center">
        Trouble signing in?{' '}
        <Anchor component={Link} to="/faq?topic=signing_in">
          Read the FAQ
        </Anchor>
      </Text>
      <Group gap="md" justify="center">
        <Anchor component={Link} to="/terms" size="sm">
          Terms of use
        </Anchor>
        <Anchor component={Link} to="/policy" size="sm">
          Privacy policy
        </Anchor>
        <Anchor component={Link} to="/permissions" size="sm">
          Roles and permissions
        </Anchor>
      </Group>
    </Stack>
  );
}

export { LoginRoute as Component };

import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { currentAccountQueryKey, currentAccountQueryOptions } from '../../../lib/account';
import { SignInForm } from '../components/sign-in-form';
import { processingPath } from '../lib/texts';

/** /signup/verification2: the address is verified; sign in to choose the organization. */
export function Verification2Route() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const email = (location.state as { email?: string } | null)?.email ?? '';

  const next = async () => {
    queryClient.removeQueries({ queryKey: currentAccountQueryKey });
    const account = await queryClient.fetchQuery(currentAccountQueryOptions());
    const hasPlace = account.status === 'pending' || account.status === 'approved';
    navigate(processingPath(account.id, hasPlace ? 'finish' : 'organization'), { replace: true });
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Verification completed</Title>
        <Text>Your email address is verified. Sign in to join your organization.</Text>
      </Stack>
      <Alert role="status" color="success" variant="light" title="Email verified">
        {email ? `${email} is verified.` : 'Your address is verified.'}
      </Alert>
      <SignInForm initialEmail={email} onSignedIn={next} />
    </Stack>
  );
}

export { Verification2Route as Component };

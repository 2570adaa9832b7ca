import { Anchor, Avatar, Badge, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { accessDeniedText, pendingAccessText } from '@parity/domain/permissions';
import type { TOrganizationAdmin } from '@parity/domain/signup';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button';
import { apiErrorMessage } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { useOrganizationAdmins } from '../api/organization';
import { ACCESS_DENIED_TITLE, AWAITING_APPROVAL_TITLE, NO_INFORMATION, processingPath } from '../lib/texts';
import { useStepAccount } from '../lib/use-step-account';

const SHOWN_ADMINS = 3;

function AdminItem({ admin }: { admin: TOrganizationAdmin }) {
  const name = [admin.name, admin.lastname].filter(Boolean).join(' ') || NO_INFORMATION;
  return (
    <List.Item>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={admin.image} alt="" radius="xl" size="sm">
          {name.charAt(0)}
        </Avatar>
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {admin.email || NO_INFORMATION}
          </Text>
        </Stack>
      </Group>
    </List.Item>
  );
}

function Admins({ enabled }: { enabled: boolean }) {
  const admins = useOrganizationAdmins(enabled);
  if (!enabled) return null;
  if (admins.isPending) return <Skeleton height={48} />;
  if (admins.isError || admins.data.data.length === 0) return null;
  const list = admins.data.data;
  const more = list.length - SHOWN_ADMINS;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Admins of your organization
      </Text>
      <List listStyleType="none" spacing="xs">
        {list.slice(0, SHOWN_ADMINS).map((admin) => (
          <AdminItem key={admin.id} admin={admin} />
        ))}
      </List>
      {more > 0 ? <Text size="sm">+ {more} more</Text> : null}
    </Stack>
  );
}

/** /signup/processing/{accountId}/finish: where the sign-up ended: approved, pending, or declined. */
export function FinishRoute() {
  const { account, signedIn } = useStepAccount();
  // Proven by the verification link only: the next step is signing in (the admins' names are
  // for members of the organization's space, read once signed in).
  const onward = signedIn ? (
    <Button component={Link} to="/" kind="primary" size="large" fullWidth>
      Go to the dashboard
    </Button>
  ) : (
    <Button component={Link} to="/login" kind="primary" size="large" fullWidth>
      Log in to Parity
    </Button>
  );

  if (account.isPending) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Title order={1}>Your account</Title>
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (account.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>Your account</Title>
        <FormError title="Your account could not be loaded">{apiErrorMessage(account.error)}</FormError>
      </Stack>
    );
  }

  const { status, organization_name, id } = account.data;
  const organization = organization_name ?? 'your organization';

  if (status === 'approved') {
    return (
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Title order={1}>You are all set</Title>
          <Badge color="success" variant="light">
            Approved
          </Badge>
        </Group>
        <Text>You are an approved member of {organization}. Welcome to Parity.</Text>
        {onward}
      </Stack>
    );
  }

  if (status === 'pending') {
    return (
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Title order={1}>{AWAITING_APPROVAL_TITLE}</Title>
          <Badge color="warning" variant="light">
            Pending
          </Badge>
        </Group>
        <Card withBorder radius="md" padding="md">
          <Text>{pendingAccessText(organization)}</Text>
        </Card>
        <Admins enabled={signedIn} />
        {onward}
        <Text size="sm" c="dimmed">
          You will get an email when an admin approves your access.
        </Text>
      </Stack>
    );
  }

  if (status === 'declined') {
    return (
      <Stack gap="lg">
        <Title order={1}>{ACCESS_DENIED_TITLE}</Title>
        <Text>{accessDeniedText(organization)}</Text>
        <Admins enabled={signedIn} />
        <Anchor component={Link} to={processingPath(id, 'organization')}>
          Join another organization or create one
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Choose your organization</Title>
      <Text>Your account does not belong to an organization yet.</Text>
      <Button component={Link} to={processingPath(id, 'organization')} kind="primary" size="large" fullWidth>
        Join or create an organization
      </Button>
    </Stack>
  );
}

export { FinishRoute as Component };

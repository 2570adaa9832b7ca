import { Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export const ADMINISTRATOR_TITLE = 'Platform administrator';

/** What a platform administrator can open in the web app today, each with its page. */
export const ADMINISTRATOR_PAGES = [
  { label: 'Open the admin console', to: '/admin', what: "the platform's figures and maintenance mode" },
  { label: 'Organization codes', to: '/admin/codes', what: 'the codes people sign up with' },
  { label: 'Clients', to: '/admin/clients', what: 'the API clients and their secrets' },
  { label: "Users' permissions", to: '/admin/users', what: 'every account, its roles and its rights' },
  { label: 'Feedback', to: '/admin/feedback', what: 'what people sent from the feedback form' },
  {
    label: 'Reports',
    to: '/admin/reports',
    what: 'organizations, users, surveys and LPI results as CSV or .xlsx',
  },
  { label: 'Organizations', to: '/organizations', what: "every organization's public page" },
  { label: 'Users', to: '/users', what: 'the people of every organization and their public profiles' },
  { label: 'My profile', to: '/users/private', what: 'your own profile and documents' },
  { label: 'Settings', to: '/users/private/settings', what: 'your password and two-factor sign-in' },
] as const;

/**
 * The dashboard's card for a platform administrator who belongs to no organization (instead of the
 * user-status card's 'Access Denied'): what the role is and what can be opened today, the admin
 * console first.
 */
export function AdministratorCard() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="administrator-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="administrator-title">
            {ADMINISTRATOR_TITLE}
          </Title>
          <Badge color="parity" variant="light">
            Administrator
          </Badge>
        </Group>
        <Text size="sm">
          You administer Parity and belong to no organization: there is no LPI profile, survey or organization
          space of your own to fill in.
        </Text>
        <Text size="sm" fw={600} id="administrator-pages">
          What you can open today
        </Text>
        <List size="sm" spacing={4} aria-labelledby="administrator-pages">
          {ADMINISTRATOR_PAGES.map((page) => (
            <List.Item key={page.to}>
              <Anchor component={Link} to={page.to} fw={600}>
                {page.label}
              </Anchor>
              : {page.what}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

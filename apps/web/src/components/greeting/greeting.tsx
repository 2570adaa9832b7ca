import { Anchor, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';

/** Greeting hours of spec section 9: morning from 3, afternoon from 12, evening from 17. */
export const MORNING_FROM_HOUR = 3;
export const AFTERNOON_FROM_HOUR = 12;
export const EVENING_FROM_HOUR = 17;

/** Spec 2: clicking the organization in the greeting opens organizations.private. */
export const MY_ORGANIZATION_PATH = '/organizations/private';

/** Served from apps/web/public; replaces a missing or failing organization logo. */
export const DEFAULT_LOGO_SRC = '/default-logo.svg';

export type GreetingText = 'Good Morning' | 'Good Afternoon' | 'Good Evening';

/** 'Good Morning' from 3:00 to before 12:00, 'Good Afternoon' to before 17:00, else 'Good Evening' (local time). */
export function greetingFor(date: Date): GreetingText {
  const hour = date.getHours();
  if (hour >= MORNING_FROM_HOUR && hour < AFTERNOON_FROM_HOUR) return 'Good Morning';
  if (hour >= AFTERNOON_FROM_HOUR && hour < EVENING_FROM_HOUR) return 'Good Afternoon';
  return 'Good Evening';
}

export interface GreetingProps {
  /** The account's display name. */
  name: string;
  organizationName?: string | null;
  organizationLogo?: string | null;
  /** The moment to greet for; defaults to now. */
  now?: Date;
  /**
   * Wraps the organization (logo and name); by default, inside a router, a link to
   * /organizations/private (my organization).
   */
  renderOrganization?: (content: ReactNode) => ReactNode;
  /** Heading level of the greeting line; the dashboard's page heading by default. */
  order?: 1 | 2 | 3;
}

export function Greeting({
  name,
  organizationName,
  organizationLogo,
  now,
  renderOrganization,
  order = 1,
}: GreetingProps) {
  const inRouter = useInRouterContext();
  const greeting = greetingFor(now ?? new Date());
  const logo = organizationLogo?.trim() ? organizationLogo : DEFAULT_LOGO_SRC;
  const organization = organizationName ? (
    <Group gap="xs" wrap="nowrap" data-testid="greeting-organization">
      <Image
        src={logo}
        fallbackSrc={DEFAULT_LOGO_SRC}
        alt={`${organizationName} logo`}
        w={32}
        h={32}
        radius="sm"
        fit="contain"
      />
      <Text fw={500}>{organizationName}</Text>
    </Group>
  ) : null;

  return (
    <Stack gap={6}>
      <Title order={order}>
        {greeting}, {name}
      </Title>
      {organization
        ? renderOrganization
          ? renderOrganization(organization)
          : inRouter
            ? linkToMyOrganization(organization)
            : organization
        : null}
    </Stack>
  );
}

function linkToMyOrganization(content: ReactNode) {
  return (
    <Anchor component={Link} to={MY_ORGANIZATION_PATH} underline="hover" c="inherit" w="fit-content">
      {content}
    </Anchor>
  );
}

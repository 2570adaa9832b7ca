import { Group, Image, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Greeting hours of spec section 9: morning from 3, afternoon from 12, evening from 17. */
export const MORNING_FROM_HOUR = 3;
export const AFTERNOON_FROM_HOUR = 12;
export const EVENING_FROM_HOUR = 17;

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
   * Wraps the organization (logo and name), e.g. in a link to the organization page once it
   * exists; rendered as is without it.
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
      {organization ? (renderOrganization ? renderOrganization(organization) : organization) : null}
    </Stack>
  );
}

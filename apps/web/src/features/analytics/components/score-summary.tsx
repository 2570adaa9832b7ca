import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { cardValue, percentText, SCORE_CARDS, type TLpiValues, twoDecimals } from '@parity/domain/analytics';
import type { ZOwnershipBadges } from '@parity/domain/scoring/schemas';
import { Link } from 'react-router';
import type { z } from 'zod';
import { HealthGauge } from '../../../components/health-gauge/health-gauge';

type TBadges = z.infer<typeof ZOwnershipBadges>;

const BADGE_TEXT = { substantial: 'at least 25%', majority: 'at least 50%' } as const;

export interface ScoreSummaryProps {
  scores: TLpiValues;
  badges: TBadges | null;
  submittedAt: string | null;
  /** the link of a profile page ('fte' or 'ownership') */
  pageHref: (page: 'fte' | 'ownership') => string;
}

/** The gauge, the LPI and transparency values, the score cards and the diverse-ownership badges. */
export function ScoreSummary({ scores, badges, submittedAt, pageHref }: ScoreSummaryProps) {
  const ordered = [...SCORE_CARDS].sort((a, b) => a.weight - b.weight);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Paper withBorder p="md" radius="md" component="section" aria-label="LPI health">
          <Title order={3} size="h5" ta="center">
            Health
          </Title>
          <HealthGauge value={scores.lpi ?? null} />
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-label="LPI">
          <Stack gap={4}>
            <Title order={3} size="h5">
              LPI
            </Title>
            <Text fz={32} fw={700} data-testid="lpi-value">
              {twoDecimals(scores.lpi)}
            </Text>
            <Text size="sm" c="dimmed">
              LPI prime {twoDecimals(scores.lpi_prime)} · LPI ownership {twoDecimals(scores.lpi_ownership)}
            </Text>
            {submittedAt ? (
              <Text size="xs" c="dimmed">
                Latest submission {submittedAt.slice(0, 10)}
              </Text>
            ) : null}
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-label="Transparency">
          <Stack gap={4}>
            <Title order={3} size="h5">
              Transparency
            </Title>
            <Text fz={32} fw={700} data-testid="transparency-value">
              {percentText(scores.transparency)}
            </Text>
            <Group gap="xs">
              {badges?.women ? (
                <Badge color="grape" variant="light">
                  Women-owned {BADGE_TEXT[badges.women]}
                </Badge>
              ) : null}
              {badges?.peopleOfColour ? (
                <Badge color="teal" variant="light">
                  Owned by people of colour {BADGE_TEXT[badges.peopleOfColour]}
                </Badge>
              ) : null}
              {badges?.label ? (
                <Badge color="parity" variant="filled">
                  {badges.label}
                </Badge>
              ) : null}
            </Group>
          </Stack>
        </Paper>
      </SimpleGrid>
      <SimpleGrid
        cols={{ base: 1, sm: 3 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Score cards"
      >
        {ordered.map((card) => (
          <Paper key={card.key} component="li" withBorder p="md" radius="md">
            <Stack gap={2}>
              <Anchor component={Link} to={pageHref(card.page)} fw={600}>
                {card.label}
              </Anchor>
              <Text fz={28} fw={700} aria-label={`${card.label} score`}>
                {cardValue(scores[card.key])}
              </Text>
              <Text size="xs" c="dimmed">
                out of 100
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TOrganizationLpi } from '@parity/domain/analytics';
import {
  cardValue,
  percentText,
  SCALES,
  SCORE_CARDS,
  SCORING_PAGE,
  submissionSource,
  twoDecimals,
} from '@parity/domain/analytics-display';
import { TRANSPARENCY_WEIGHTS } from '@parity/domain/scoring/constants';
import { Link } from 'react-router';
import { HealthGauge } from '../../../components/health-gauge/health-gauge';
import { formatDate } from '../../../lib/dates';

const BADGE_TEXT = { substantial: 'at least 25%', majority: 'at least 50%' } as const;
/** Transparency's components, heaviest weight first. */
const COMPONENTS = ['ownership', 'leadership', 'staff'] as const;
const dayOf = (iso: string | null) => (iso ? `as submitted ${formatDate(iso)}` : '');
const pct = (weight: number) => `${Math.round(weight * 100)}%`;

export interface ScoreSummaryProps {
  /** one submission's figures: scores, badges, transparency components and head counts */
  latest: TOrganizationLpi & { scores: NonNullable<TOrganizationLpi['scores']> };
  /** the link of a profile page ('fte' or 'ownership') */
  pageHref: (page: 'fte' | 'ownership') => string;
}

/**
 * The gauge, the LPI and transparency values with their scales, how transparency is composed, the
 * score cards with the head counts they read and the diverse-ownership badges: all from one
 * submission, which the summary names.
 */
export function ScoreSummary({ latest, pageHref }: ScoreSummaryProps) {
  const { scores, badges, counts, transparency_components: parts } = latest;
  const source = submissionSource(latest, formatDate);
  const ordered = [...SCORE_CARDS].sort((a, b) => a.weight - b.weight);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="figures-source">
        Figures from the {source}
        {counts
          ? ` (${counts.staff} full-time employees, ${counts.leaders} senior leaders, ${counts.owners} owners)`
          : ''}
        .{' '}
        <Anchor component={Link} to={SCORING_PAGE} size="sm" underline="always">
          How scores are made
        </Anchor>
      </Text>
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
              LPI ({SCALES.index})
            </Title>
            <Text fz={32} fw={700} data-testid="lpi-value">
              {twoDecimals(scores.lpi)}
            </Text>
            <Text size="sm" c="dimmed">
              LPI prime {twoDecimals(scores.lpi_prime)} · LPI ownership {twoDecimals(scores.lpi_ownership)}
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-label="Transparency">
          <Stack gap={4}>
            <Title order={3} size="h5">
              Transparency ({SCALES.transparency})
            </Title>
            <Text fz={32} fw={700} data-testid="transparency-value">
              {percentText(scores.transparency)}
            </Text>
            {parts ? (
              <Text size="xs" c="dimmed" data-testid="transparency-parts">
                The weighted mean of{' '}
                {COMPONENTS.map((key, i) => (
                  <span key={key}>
                    {i > 0 ? (i === COMPONENTS.length - 1 ? ' and ' : ', ') : ''}
                    {key} {percentText(parts[key].percent)} (weight {pct(TRANSPARENCY_WEIGHTS[key])})
                  </span>
                ))}
                ; a component with nothing requested is left out.{' '}
                <Anchor component={Link} to={`${SCORING_PAGE}#transparency`} size="xs" underline="always">
                  How transparency is computed
                </Anchor>
              </Text>
            ) : null}
            <Group gap="xs">
              {badges?.women ? (
                <Badge color="grape" variant="light">
                  Women-owned {BADGE_TEXT[badges.women]}, {dayOf(latest.submitted_at)}
                </Badge>
              ) : null}
              {badges?.peopleOfColour ? (
                <Badge color="teal" variant="light">
                  Owned by people of colour {BADGE_TEXT[badges.peopleOfColour]}, {dayOf(latest.submitted_at)}
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
                {card.label} score
              </Anchor>
              <Text fz={28} fw={700} aria-label={`${card.label} score`}>
                {cardValue(scores[card.key])}
              </Text>
              <Text size="xs" c="dimmed">
                out of 100{counts ? `, from ${counts[card.count]} ${card.counted}` : ''}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

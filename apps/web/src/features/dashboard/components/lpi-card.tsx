import {
  Anchor,
  Badge,
  Card,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
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
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button';
import { HealthGauge } from '../../../components/health-gauge/health-gauge';
import { QueryError } from '../../../components/query-state/query-state';
import { formatDate } from '../../../lib/dates';
import { useDashboardLpi } from '../api/get-lpi-scores';

const pct = (weight: number) => `${Math.round(weight * 100)}%`;

/** Where each score card links (spec 2: the step or tab of its data). */
export const CARD_LINKS = { fte: '/lpi/fte', ownership: '/lpi/ownership' } as const;
export const START_REPORTING_PATH = '/lpi/overview';

/**
 * The diversity impact score list (spec 7: "fixed monthly sample data, not a call"): illustrative
 * figures, always labelled as sample data, never an organization's own, and shown only in the demo
 * (issue 37: a real organization took them for its scores).
 */
export const DIVERSITY_IMPACT_SAMPLE = [
  { month: 'January', score: 5.1 },
  { month: 'February', score: 5.3 },
  { month: 'March', score: 5.2 },
  { month: 'April', score: 5.6 },
  { month: 'May', score: 5.8 },
  { month: 'June', score: 5.7 },
  { month: 'July', score: 6.0 },
  { month: 'August', score: 6.2 },
  { month: 'September', score: 6.1 },
  { month: 'October', score: 6.4 },
  { month: 'November', score: 6.6 },
  { month: 'December', score: 6.9 },
] as const;

export interface LpiCardProps {
  organizationId: number;
  /** START REPORTING shows only to organization administrators (spec 2) */
  isOrganizationAdministrator: boolean;
  /** The demo's account: the card adds the diversity impact score's sample list. */
  demo: boolean;
}

function DiversityImpactSample() {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="diversity-impact-title">
      <Group justify="space-between" mb={4}>
        <Title order={3} size="h6" id="diversity-impact-title">
          Diversity impact score
        </Title>
        <Badge color="gray" variant="light">
          Sample data
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mb={4}>
        Sample data by month, to show what this list will hold; not your organization's scores.
      </Text>
      <List
        size="sm"
        spacing={0}
        listStyleType="none"
        aria-label="Diversity impact score by month (sample data)"
      >
        {DIVERSITY_IMPACT_SAMPLE.map((row) => (
          <List.Item key={row.month}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{row.month}</Text>
              <Text size="sm" fw={600}>
                {twoDecimals(row.score)}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/**
 * The dashboard's LPI health card (spec 2): the health gauge (0 to 10, N/A when null), the LPI
 * values with 2 decimals and their scale, the transparency with a % sign (N/A when null) and how
 * its components make it, the score cards ordered by weight (each a 0-100 score, rounded, 0 when
 * not numeric, linking to its tab, with the head count it reads), which submission the figures come
 * from, START REPORTING for organization administrators, and in the demo the diversity impact
 * score list as sample data.
 */
export function LpiCard({ organizationId, isOrganizationAdministrator, demo }: LpiCardProps) {
  // Deferred: React Query's answers re-render through useSyncExternalStore, which React renders at
  // once; the card's content then renders in an interruptible render instead (on a phone, one
  // blocking render of 50-200 ms per card; issue #20).
  const lpi = useDeferredValue(useDashboardLpi(organizationId));
  const scores = lpi.data?.scores ?? null;
  const ordered = [...SCORE_CARDS].sort((a, b) => a.weight - b.weight);

  let body: React.ReactNode;
  if (lpi.isError) {
    body = (
      <QueryError
        error={lpi.error}
        title="The LPI scores could not be loaded"
        onRetry={() => void lpi.refetch()}
      />
    );
  } else if (!lpi.data) {
    body = (
      <Skeleton height={180} radius="md" role="status" aria-busy="true" aria-label="Loading the LPI scores" />
    );
  } else {
    body = (
      <Stack gap="md">
        {lpi.data.submission_id === null ? (
          <Text size="sm" c="dimmed">
            No scores yet: they appear once the LPI profile is submitted.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={4} align="center">
            <HealthGauge value={scores?.lpi ?? null} />
            <Text size="xs" c="dimmed">
              Health, 0 to 10
            </Text>
          </Stack>
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm">LPI ({SCALES.index})</Text>
              <Text fw={700} data-testid="dashboard-lpi">
                {twoDecimals(scores?.lpi)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">LPI prime ({SCALES.index})</Text>
              <Text fw={700}>{twoDecimals(scores?.lpi_prime)}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">LPI ownership ({SCALES.index})</Text>
              <Text fw={700}>{twoDecimals(scores?.lpi_ownership)}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">Transparency ({SCALES.transparency})</Text>
              <Text fw={700} data-testid="dashboard-transparency">
                {percentText(scores?.transparency)}
              </Text>
            </Group>
            {lpi.data.transparency_components ? (
              <Text size="xs" c="dimmed" data-testid="dashboard-transparency-parts">
                Weighted {pct(TRANSPARENCY_WEIGHTS.ownership)} ownership (
                {percentText(lpi.data.transparency_components.ownership.percent)}),{' '}
                {pct(TRANSPARENCY_WEIGHTS.leadership)} leadership (
                {percentText(lpi.data.transparency_components.leadership.percent)}),{' '}
                {pct(TRANSPARENCY_WEIGHTS.staff)} staff (
                {percentText(lpi.data.transparency_components.staff.percent)}).{' '}
                <Anchor component={Link} to={`${SCORING_PAGE}#transparency`} size="xs" underline="always">
                  How scores are made
                </Anchor>
              </Text>
            ) : null}
            {lpi.data.submitted_at ? (
              <Text size="xs" c="dimmed" data-testid="dashboard-source">
                From the {submissionSource(lpi.data, formatDate)}
              </Text>
            ) : null}
          </Stack>
        </SimpleGrid>
        <SimpleGrid
          cols={{ base: 1, sm: 3 }}
          spacing="sm"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Score cards"
        >
          {ordered.map((card) => (
            <Paper key={card.key} component="li" withBorder p="sm" radius="md">
              <Stack gap={0}>
                <Anchor component={Link} to={CARD_LINKS[card.page]} size="sm" fw={600}>
                  {card.label} score
                </Anchor>
                <Text fz={24} fw={700} aria-label={`${card.label} score`}>
                  {cardValue(scores?.[card.key])}
                </Text>
                <Text size="xs" c="dimmed">
                  out of 100
                  {lpi.data.counts ? `, from ${lpi.data.counts[card.count]} ${card.counted}` : ''}
                </Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="lpi-card-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="lpi-card-title">
            LPI health
          </Title>
          <Group gap="xs">
            <Anchor component={Link} to="/lpi/analytics" size="sm">
              See analytics
            </Anchor>
            {isOrganizationAdministrator ? (
              <Button component={Link} to={START_REPORTING_PATH} kind="primary" size="small">
                START REPORTING
              </Button>
            ) : null}
          </Group>
        </Group>
        {body}
        {demo ? <DiversityImpactSample /> : null}
      </Stack>
    </Card>
  );
}

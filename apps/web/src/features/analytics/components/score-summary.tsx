import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TLpiValues } from '@parity/domain/analytics';
import type { ZOwnershipBadges } from '@parity/domain/scoring/schemas';
import { Link } from 'react-router';
import type { z } from 'zod';

type TBadges = z.infer<typeof ZOwnershipBadges>;

/** Spec 2 score cards, ordered by weight, each linking to its tab. */
export const SCORE_CARDS = [
  { key: 'staff_score', weight: 1, label: 'Total Full-Time Employees', page: 'fte' },
  { key: 'leadership_score', weight: 2, label: 'Senior Leadership', page: 'ownership' },
  { key: 'ownership_score', weight: 3, label: 'Ownership', page: 'ownership' },
] as const;

/** A card's value: rounded, 0 when not numeric (spec 2). */
export function cardValue(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : 0;
}

/** A dashboard value: 2 decimals, N/A when null (spec 2). */
export function twoDecimals(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : 'N/A';
}

export function percent(value: number | null | undefined): string {
  const text = twoDecimals(value);
  return text === 'N/A' ? text : `${text}%`;
}

/** The health gauge: the LPI on 0 to 10, N/A when null. */
export function HealthGauge({ value }: { value: number | null }) {
  const clamped = value === null ? 0 : Math.max(0, Math.min(10, value));
  const angle = Math.PI * (1 - clamped / 10);
  const r = 80;
  const cx = 100;
  const cy = 96;
  const end = { x: cx + r * Math.cos(angle), y: cy - r * Math.sin(angle) };
  const label = value === null ? 'N/A' : twoDecimals(value);
  return (
    <Stack gap={4} align="center">
      {value === null ? (
        <VisuallyHidden>Health gauge: N/A</VisuallyHidden>
      ) : (
        <VisuallyHidden>
          <meter min={0} max={10} value={clamped} aria-label="Health gauge">
            {label} out of 10
          </meter>
        </VisuallyHidden>
      )}
      <svg viewBox="0 0 200 116" width={200} aria-hidden>
        <path
          d={`M${cx - r},${cy} A${r},${r} 0 0 1 ${cx + r},${cy}`}
          fill="none"
          stroke="#e9ecef"
          strokeWidth={16}
        />
        {value === null || clamped === 0 ? null : (
          <path
            d={`M${cx - r},${cy} A${r},${r} 0 0 1 ${end.x},${end.y}`}
            fill="none"
            stroke={clamped >= 7 ? '#2f9e44' : clamped >= 4 ? '#f08c00' : '#e03131'}
            strokeWidth={16}
          />
        )}
        <text x={cx} y={cy - 8} textAnchor="middle" fontSize={28} fontWeight={700} fill="#343a40">
          {label}
        </text>
        <text x={cx - r} y={cy + 18} textAnchor="middle" fontSize={11} fill="#868e96">
          0
        </text>
        <text x={cx + r} y={cy + 18} textAnchor="middle" fontSize={11} fill="#868e96">
          10
        </text>
      </svg>
    </Stack>
  );
}

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
              {percent(scores.transparency)}
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

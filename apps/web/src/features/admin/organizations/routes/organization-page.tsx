import { Badge, Group, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../../components/button/button';
import { QueryError, QueryLoader } from '../../../../components/query-state/query-state';
import { useAdminOrganization } from '../api';
import { AboutTab } from '../components/about-tab';
import { SurveysTab } from '../components/surveys-tab';

/** The Diversity tab's options (spec 2 Admin), default ownership. */
export const DIVERSITY_OPTIONS = ['ownership', 'staffing', 'lpi', 'lpi-analytics', 'policies'] as const;
export type DiversityOption = (typeof DIVERSITY_OPTIONS)[number];
const OPTION_LABELS: Record<DiversityOption, string> = {
  ownership: 'Ownership',
  staffing: 'Staffing',
  lpi: 'LPI',
  'lpi-analytics': 'LPI analytics',
  policies: 'Policies',
};
const TABS = ['about', 'diversity', 'surveys'] as const;
type Tab = (typeof TABS)[number];

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

export interface OrganizationPageProps {
  /** The organization's LPI data for an option, read only (composed in app/routes with the LPI pages' components). */
  diversity: (organizationId: number, option: DiversityOption) => ReactNode;
}

/** /admin/organizations/{organizationId}: About, Diversity and Surveys (spec 2 Admin). */
export function OrganizationPage({ diversity }: OrganizationPageProps) {
  const organizationId = Number(useParams().organizationId);
  const organization = useAdminOrganization(organizationId);
  const [params, setParams] = useSearchParams();
  const tab = oneOf(TABS, params.get('tab'), 'about');
  const option = oneOf(DIVERSITY_OPTIONS, params.get('option'), 'ownership');
  const go = (next: { tab?: Tab; option?: DiversityOption }) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next.tab) copy.set('tab', next.tab);
        if (next.option) copy.set('option', next.option);
        return copy;
      },
      { replace: true },
    );

  if (organization.isPending) return <QueryLoader label="Loading the organization" />;
  if (organization.isError) {
    return (
      <QueryError
        error={organization.error}
        title="The organization could not be loaded"
        onRetry={() => void organization.refetch()}
        action={
          <Button component={Link} to="/admin/organizations" kind="tertiary">
            Back to organizations
          </Button>
        }
      />
    );
  }
  const data = organization.data;
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={2} size="h3">
          {data.name}
        </Title>
        <Badge variant="light">{data.is_public ? 'Public' : 'Private'}</Badge>
        {data.deleted_at ? (
          <Badge color="danger" variant="light">
            Deleted
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {`${data.members} approved members, ${data.pending_members} pending; LPI ${data.lpi === null ? 'not submitted' : `${data.lpi.toFixed(1)} (0-100)`}.`}
      </Text>
      <Tabs value={tab} onChange={(value) => go({ tab: oneOf(TABS, value, 'about') })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="about">About</Tabs.Tab>
          <Tabs.Tab value="diversity">Diversity</Tabs.Tab>
          <Tabs.Tab value="surveys">Surveys</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="about" pt="md">
          <AboutTab key={data.updated_at} organization={data} />
        </Tabs.Panel>
        <Tabs.Panel value="diversity" pt="md">
          <Stack gap="md">
            <SegmentedControl
              aria-label="Diversity data"
              data={DIVERSITY_OPTIONS.map((value) => ({ value, label: OPTION_LABELS[value] }))}
              value={option}
              onChange={(value) => go({ option: oneOf(DIVERSITY_OPTIONS, value, 'ownership') })}
              style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
            />
            {diversity(organizationId, option)}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="surveys" pt="md">
          <SurveysTab organizationId={organizationId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

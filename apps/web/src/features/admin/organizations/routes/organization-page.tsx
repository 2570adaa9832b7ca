import { Alert, Badge, Group, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../../components/button/button';
import { QueryError, QueryLoader } from '../../../../components/query-state/query-state';
import { ApiError } from '../../../../lib/api-client';
import { usePathTabs } from '../../../../lib/path-tabs';
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

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

export interface OrganizationPageProps {
  /** The organization's LPI data for an option, read only (composed in app/routes with the LPI pages' components). */
  diversity: (organizationId: number, option: DiversityOption) => ReactNode;
}

/** The page's own not-found state: an id that is not a number, or no such organization. */
function OrganizationNotFound() {
  return (
    <Alert color="red" role="alert" title="Organization not found">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">There is no organization with this id: it may have been mistyped.</Text>
        <Button component={Link} to="/admin/organizations" kind="tertiary">
          Back to organizations
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * /admin/organizations/{organizationId}: About, Diversity (/diversity, `?option=`) and Surveys
 * (/surveys) (spec 2 Admin).
 */
export function OrganizationPage({ diversity }: OrganizationPageProps) {
  const param = useParams().organizationId ?? '';
  const organizationId = /^\d+$/.test(param) ? Number(param) : null;
  const organization = useAdminOrganization(organizationId);
  const { tab, redirect, select } = usePathTabs(`/admin/organizations/${param}`, TABS);
  const [params, setParams] = useSearchParams();
  const option = oneOf(DIVERSITY_OPTIONS, params.get('option'), 'ownership');
  const choose = (next: DiversityOption) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('option', next);
        return copy;
      },
      { replace: true },
    );

  if (redirect) return <Navigate to={redirect} replace />;
  if (organizationId === null) return <OrganizationNotFound />;
  const missing = organization.error instanceof ApiError && organization.error.status === 404;
  if (organization.isError && missing) return <OrganizationNotFound />;
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
      <Tabs value={tab} onChange={select} keepMounted={false}>
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
              onChange={(value) => choose(oneOf(DIVERSITY_OPTIONS, value, 'ownership'))}
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

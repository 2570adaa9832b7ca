import { Anchor, Card, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { displayName, NO_INFORMATION } from '@parity/domain/account';
import { IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryError } from '../../../components/query-state/query-state';
import { useCurrentAccount } from '../../../lib/account';
import { formatDate } from '../../../lib/dates';
import { useDictionary } from '../../../lib/dictionaries';
import { useOrganization, usePublishedEvenness, usePublishedLpi } from '../api/organizations';
import { OrganizationLogo } from '../components/organization-logo';

function Field({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <Group data-field={name} gap="md" wrap="nowrap" align="flex-start" component="div">
      <Text component="dt" size="sm" fw={600} w={160}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </Group>
  );
}

/** Used when the hierarchy types dictionary has no name for a key. */
const IDENTIFIER_FALLBACK_LABELS: Record<string, string> = {
  gi_sector_id: 'Sector',
  gi_industry_id: 'Industry',
  gi_sub_industry_id: 'Sub-industry',
  gi_aum: 'Assets under management',
  gi_investment_vehicle_id: 'Investment vehicle',
  gi_asset_class_id: 'Asset class',
  gi_strategy_id: 'Strategy',
};

const NOT_AVAILABLE = 'N/A';
const decimal = (value: number | null | undefined, digits: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : NOT_AVAILABLE;
const percent = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? `${value.toFixed(1)}%` : NOT_AVAILABLE;
/** Evenness is 0-1; shown on a 0-100 scale. */
const evenness = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? (value * 100).toFixed(1) : NOT_AVAILABLE;

/** The organization's latest submitted profile scores, when it publishes them (publish_scores). */
function PublishedScores({ organizationId }: { organizationId: number }) {
  const lpi = usePublishedLpi(organizationId, true);
  const even = usePublishedEvenness(organizationId, true);
  let body: ReactNode;
  if (lpi.isPending || even.isPending) {
    body = <Skeleton height={120} radius="sm" />;
  } else if (lpi.isError || even.isError) {
    body = <QueryError error={lpi.error ?? even.error} title="The published scores could not be loaded" />;
  } else if (!lpi.data.scores) {
    body = (
      <Text size="sm" c="dimmed">
        No submitted profile yet
      </Text>
    );
  } else {
    const scores = lpi.data.scores;
    const sets = even.data.evenness;
    body = (
      <Stack component="dl" gap="sm" m={0}>
        <Field name="lpi" label="LPI">
          {decimal(scores.lpi, 2)}
        </Field>
        <Field name="lpi_prime" label="LPI prime">
          {decimal(scores.lpi_prime, 2)}
        </Field>
        <Field name="lpi_ownership" label="LPI ownership">
          {decimal(scores.lpi_ownership, 2)}
        </Field>
        <Field name="transparency" label="Transparency">
          {percent(scores.transparency)}
        </Field>
        <Field name="evenness_prime" label="Evenness (people)">
          {evenness(sets?.prime.combined.value)}
        </Field>
        <Field name="evenness_ownership" label="Evenness (ownership)">
          {evenness(sets?.ownership.combined.value)}
        </Field>
        <Field name="scoring_version" label="Scoring version">
          {lpi.data.scoring_version ?? NO_INFORMATION}
        </Field>
        <Field name="submitted_at" label="Submitted">
          {lpi.data.submitted_at ? formatDate(lpi.data.submitted_at) : NO_INFORMATION}
        </Field>
      </Stack>
    );
  }
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="published-scores-title">
      <Title order={2} size="h4" id="published-scores-title" mb="md">
        Published LPI scores
      </Title>
      {body}
    </Card>
  );
}

/**
 * The way from one's own organization's public page to its space (issue #19): 'Manage
 * organization' for its administrators, 'Open My organization' for its other approved members,
 * nothing for anyone else.
 */
function OwnOrganizationLink({ organizationId }: { organizationId: number }) {
  const account = useCurrentAccount().data;
  if (!account?.isAllowed || account.organization_id !== organizationId) return null;
  return (
    <Button
      component={Link}
      to="/organizations/private"
      kind="secondary"
      leftSection={<IconSettings size={16} aria-hidden />}
    >
      {account.isOrganizationAdministrator ? 'Manage organization' : 'Open My organization'}
    </Button>
  );
}

/** /organizations/{organizationId}: an organization's public page (About, published scores). */
export function OrganizationPageRoute() {
  const organizationId = Number(useParams().organizationId);
  const organization = useOrganization(organizationId);
  const legalStructures = useDictionary('legalStructures');
  const identifierTypes = useDictionary('globalIndustryHierarchyTypes');
  const labelOf = (key: string) =>
    identifierTypes.data?.find((t) => t.key === key)?.name ?? IDENTIFIER_FALLBACK_LABELS[key] ?? key;

  if (organization.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <PageHeader title="Organization" />
        <Skeleton height={160} radius="lg" />
      </Stack>
    );
  }
  if (organization.isError || !organization.data) {
    return (
      <Stack gap="md">
        <PageHeader title="Organization" />
        <QueryError
          error={organization.error}
          title="This organization could not be loaded"
          onRetry={() => void organization.refetch()}
        />
      </Stack>
    );
  }

  const data = organization.data;
  const structure =
    data.legal_structure ?? legalStructures.data?.find((s) => s.id === data.legal_structure_id)?.name;
  const contact = data.primary_contact;
  const contactName = contact ? displayName(contact.name, contact.lastname) : '';
  const website = data.website && /^https?:\/\//i.test(data.website) ? data.website : null;
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        <OrganizationLogo src={data.logo} name={data.name} size={72} />
        <PageHeader
          title={data.name}
          description={structure}
          actions={<OwnOrganizationLink organizationId={data.id} />}
        />
      </Group>
      <Tabs defaultValue="about" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="about">About</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="about" pt="md">
          <Card withBorder radius="lg" padding="lg">
            <Stack component="dl" gap="sm" m={0}>
              <Field name="about" label="About">
                {data.about || NO_INFORMATION}
              </Field>
              <Field name="website" label="Website">
                {website ? (
                  <Anchor href={website} target="_blank" rel="noopener noreferrer">
                    {website}
                  </Anchor>
                ) : (
                  data.website || NO_INFORMATION
                )}
              </Field>
              <Field name="primary_phone" label="Phone">
                {data.primary_phone || NO_INFORMATION}
              </Field>
              <Field name="size_of_workforce" label="Size of workforce">
                {data.size_of_workforce ? `${data.size_of_workforce} employees` : NO_INFORMATION}
              </Field>
              <Field name="inception_date" label="Inception">
                {data.inception_date ? formatDate(data.inception_date) : NO_INFORMATION}
              </Field>
              <Field name="legal_structure" label="Legal structure">
                {structure ?? NO_INFORMATION}
              </Field>
              <Field name="aum" label="Assets under management">
                {data.aum || NO_INFORMATION}
              </Field>
              <Field name="ticker_symbol" label="Ticker symbol">
                {data.ticker_symbol || NO_INFORMATION}
              </Field>
              <Field name="addresses" label="Addresses">
                {data.addresses.length === 0
                  ? NO_INFORMATION
                  : data.addresses
                      .map((a) => (a.is_primary ? `${a.address} (primary)` : a.address))
                      .join('\n')}
              </Field>
              <Field name="primary_contact" label="Primary contact">
                {contact && contactName
                  ? [contactName, contact.title, contact.email].filter(Boolean).join(' · ')
                  : NO_INFORMATION}
              </Field>
              <Field name="identifiers" label="Global industries">
                {data.identifiers.length === 0
                  ? NO_INFORMATION
                  : data.identifiers.map((i) => `${labelOf(i.key)}: ${i.name ?? NO_INFORMATION}`).join('\n')}
              </Field>
            </Stack>
          </Card>
          {data.publish_scores ? <PublishedScores organizationId={data.id} /> : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export { OrganizationPageRoute as Component };

import { Anchor, Card, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { displayName, NO_INFORMATION } from '@parity/domain/account';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header/page-header';
import { useDictionary } from '../../../lib/dictionaries';
import { useOrganization } from '../api/organizations';
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

/** /organizations/{organizationId}: an organization's public page (About). */
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
        <Text c="danger.8">This organization could not be loaded.</Text>
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
        <PageHeader title={data.name} description={structure} />
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
              <Field name="inception_date" label="Inception">
                {data.inception_date ?? NO_INFORMATION}
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
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export { OrganizationPageRoute as Component };

import {
  Anchor,
  Card,
  Center,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { NO_INFORMATION } from '@parity/domain/account';
import { IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeader } from '../../../components/page-header/page-header';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError } from '../../../components/query-state/query-state';
import { useCurrentAccount } from '../../../lib/account';
import { useDictionary } from '../../../lib/dictionaries';
import {
  type DirectoryFilters,
  ORGANIZATION_PAGE_SIZE,
  ORGANIZATION_SIZE_BANDS,
  type OrganizationSizeBand,
  useOrganizations,
} from '../api/organizations';
import { OrganizationLogo } from '../components/organization-logo';

export const NO_ORGANIZATIONS_FOUND = 'No organizations found';
const ALL = '';

/** /organizations: the public directory, searched by name, filtered by legal structure, paged by 30. */
export function OrganizationsListRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('search') ?? '';
  const idParam = (name: string) => {
    const value = Number.parseInt(searchParams.get(name) ?? '', 10);
    return value > 0 ? value : undefined;
  };
  const legalStructureId = idParam('legal_structure');
  const industryId = idParam('industry');
  const aumId = idParam('aum');
  const sizeParam = searchParams.get('size');
  const size = (ORGANIZATION_SIZE_BANDS as readonly string[]).includes(sizeParam ?? '')
    ? (sizeParam as OrganizationSizeBand)
    : undefined;
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const form = useForm({ initialValues: { search: query } });
  const filters: DirectoryFilters = { searchQuery: query, legalStructureId, industryId, size, aumId };
  const organizations = useOrganizations(filters, page);
  const account = useCurrentAccount();
  const legalStructures = useDictionary('legalStructures');
  const hierarchy = useDictionary('globalIndustryHierarchy');
  const hierarchyTypes = useDictionary('globalIndustryHierarchyTypes');
  const structureName = (id: number | null) =>
    legalStructures.data?.find((s) => s.id === id)?.name ?? NO_INFORMATION;
  const total = organizations.data?.total ?? 0;
  const pages = pageCount(total, ORGANIZATION_PAGE_SIZE);

  const typeId = (key: string) => hierarchyTypes.data?.find((t) => t.key === key)?.id;
  const nodesOf = (key: string) => {
    const id = typeId(key);
    return id === undefined ? [] : (hierarchy.data ?? []).filter((n) => n.type_id === id);
  };
  const sectors = nodesOf('gi_sector_id');
  const industries = nodesOf('gi_industry_id');
  const industryOptions = sectors.map((sector) => ({
    group: sector.name,
    items: [
      { value: String(sector.id), label: `${sector.name} (all)` },
      ...industries
        .filter((industry) => industry.parent_id === sector.id)
        .map((industry) => ({ value: String(industry.id), label: industry.name })),
    ],
  }));
  const aumOptions = nodesOf('gi_aum').map((band) => ({ value: String(band.id), label: band.name }));

  type Next = Partial<{
    search: string;
    legalStructure: number | null;
    industry: number | null;
    size: OrganizationSizeBand | null;
    aum: number | null;
    page: number;
  }>;
  const go = (next: Next) => {
    const params = new URLSearchParams();
    const pick = <T,>(value: T | null | undefined, current: T | undefined) =>
      value === undefined ? current : (value ?? undefined);
    const search = next.search ?? query;
    const structure = pick(next.legalStructure, legalStructureId);
    const industry = pick(next.industry, industryId);
    const band = pick(next.size, size);
    const aum = pick(next.aum, aumId);
    if (search) params.set('search', search);
    if (structure) params.set('legal_structure', String(structure));
    if (industry) params.set('industry', String(industry));
    if (band) params.set('size', band);
    if (aum) params.set('aum', String(aum));
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setSearchParams(params);
  };
  const idFrom = (value: string) => {
    const id = Number.parseInt(value, 10);
    return id > 0 ? id : null;
  };

  const submit = form.onSubmit(({ search }) => go({ search: search.trim(), page: 1 }));

  return (
    <Stack gap="md">
      <PageHeader
        title="Organizations"
        description="Investment firms that share their profile on Parity."
        actions={
          account.data?.organization_id ? (
            <Button component={Link} to="/organizations/private" kind="primary-outlined">
              My organization
            </Button>
          ) : null
        }
      />
      <search aria-label="Organizations">
        <form onSubmit={submit}>
          <Group gap="sm" align="flex-end">
            <TextInput
              label="Search organizations"
              placeholder="Organization name"
              leftSection={<IconSearch size={16} aria-hidden />}
              {...form.getInputProps('search')}
              w={{ base: '100%', sm: 320 }}
            />
            <NativeSelect
              label="Legal structure"
              value={legalStructureId ? String(legalStructureId) : ALL}
              onChange={(event) => go({ legalStructure: idFrom(event.currentTarget.value), page: 1 })}
              data={[
                { value: ALL, label: 'All legal structures' },
                ...(legalStructures.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
              ]}
              w={{ base: '100%', sm: 260 }}
            />
            <NativeSelect
              label="Industry"
              value={industryId ? String(industryId) : ALL}
              onChange={(event) => go({ industry: idFrom(event.currentTarget.value), page: 1 })}
              data={[{ value: ALL, label: 'All industries' }, ...industryOptions]}
              w={{ base: '100%', sm: 260 }}
            />
            <NativeSelect
              label="Size"
              value={size ?? ALL}
              onChange={(event) => {
                const value = event.currentTarget.value;
                go({ size: value ? (value as OrganizationSizeBand) : null, page: 1 });
              }}
              data={[
                { value: ALL, label: 'All sizes' },
                ...ORGANIZATION_SIZE_BANDS.map((band) => ({ value: band, label: `${band} employees` })),
              ]}
              w={{ base: '100%', sm: 200 }}
            />
            <NativeSelect
              label="Assets under management"
              value={aumId ? String(aumId) : ALL}
              onChange={(event) => go({ aum: idFrom(event.currentTarget.value), page: 1 })}
              data={[{ value: ALL, label: 'All AUM bands' }, ...aumOptions]}
              w={{ base: '100%', sm: 240 }}
            />
            <Button type="submit" kind="secondary">
              Search
            </Button>
          </Group>
        </form>
      </search>
      {organizations.isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          role="status"
          aria-busy="true"
          aria-label="Loading organizations"
        >
          {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
            <Skeleton key={key} height={76} radius="md" />
          ))}
        </SimpleGrid>
      ) : organizations.isError ? (
        <QueryError
          error={organizations.error}
          title="The organizations could not be loaded"
          onRetry={() => void organizations.refetch()}
        />
      ) : (organizations.data?.data.length ?? 0) === 0 ? (
        <Center py="xl">
          <Text c="dimmed">{NO_ORGANIZATIONS_FOUND}</Text>
        </Center>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {total} {total === 1 ? 'organization' : 'organizations'}
          </Text>
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2, md: 3 }}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {organizations.data?.data.map((organization) => (
              <Card component="li" key={organization.id} withBorder radius="md" padding="sm">
                <Group gap="sm" wrap="nowrap">
                  <OrganizationLogo src={organization.logo} name={organization.name} />
                  <Stack gap={0} miw={0}>
                    <Anchor component={Link} to={`/organizations/${organization.id}`} fw={600} truncate>
                      {organization.name}
                    </Anchor>
                    <Text size="xs" c="dimmed" truncate>
                      {structureName(organization.legal_structure_id)}
                    </Text>
                    <Text size="xs" c="dimmed" truncate data-field="industry">
                      Industry: {organization.industry ?? NO_INFORMATION}
                    </Text>
                    <Text size="xs" c="dimmed" truncate data-field="aum">
                      AUM: {organization.aum ?? NO_INFORMATION}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          <Pager pages={pages} page={page} onChange={(next) => go({ page: next })} />
        </>
      )}
    </Stack>
  );
}

export { OrganizationsListRoute as Component };

import {
  Anchor,
  Card,
  Center,
  Group,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { NO_INFORMATION } from '@parity/domain/account';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeader } from '../../../components/page-header/page-header';
import { useDictionary } from '../../../lib/dictionaries';
import { ORGANIZATION_PAGE_SIZE, useOrganizations } from '../api/organizations';
import { OrganizationLogo } from '../components/organization-logo';

export const NO_ORGANIZATIONS_FOUND = 'No organizations found';
const ALL = '';

/** /organizations: the public directory, searched by name, filtered by legal structure, paged by 30. */
export function OrganizationsListRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('search') ?? '';
  const structureParam = Number.parseInt(searchParams.get('legal_structure') ?? '', 10);
  const legalStructureId = structureParam > 0 ? structureParam : undefined;
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState(query);
  const organizations = useOrganizations(query, legalStructureId, page);
  const legalStructures = useDictionary('legalStructures');
  const structureName = (id: number | null) =>
    legalStructures.data?.find((s) => s.id === id)?.name ?? NO_INFORMATION;
  const total = organizations.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORGANIZATION_PAGE_SIZE));

  const go = (next: { search?: string; legalStructure?: number | null; page?: number }) => {
    const params = new URLSearchParams();
    const search = next.search ?? query;
    const structure = next.legalStructure === undefined ? legalStructureId : next.legalStructure;
    if (search) params.set('search', search);
    if (structure) params.set('legal_structure', String(structure));
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setSearchParams(params);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ search: draft.trim(), page: 1 });
  };

  return (
    <Stack gap="md">
      <PageHeader title="Organizations" description="Investment firms that share their profile on Parity." />
      <search aria-label="Organizations">
        <form onSubmit={submit}>
          <Group gap="sm" align="flex-end">
            <TextInput
              label="Search organizations"
              placeholder="Organization name"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              w={{ base: '100%', sm: 320 }}
            />
            <NativeSelect
              label="Legal structure"
              value={legalStructureId ? String(legalStructureId) : ALL}
              onChange={(event) => {
                const value = Number.parseInt(event.currentTarget.value, 10);
                go({ legalStructure: value > 0 ? value : null, page: 1 });
              }}
              data={[
                { value: ALL, label: 'All legal structures' },
                ...(legalStructures.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
              ]}
              w={{ base: '100%', sm: 260 }}
            />
            <Button type="submit" kind="secondary">
              Search
            </Button>
          </Group>
        </form>
      </search>
      {organizations.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy="true" aria-label="Loading organizations">
          {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
            <Skeleton key={key} height={76} radius="md" />
          ))}
        </SimpleGrid>
      ) : organizations.isError ? (
        <Text c="danger.8">The organizations could not be loaded.</Text>
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
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={page}
                onChange={(next) => go({ page: next })}
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}

export { OrganizationsListRoute as Component };

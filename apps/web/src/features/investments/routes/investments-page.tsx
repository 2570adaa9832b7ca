import { Badge, Group, NumberInput, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import {
  ASSET_CLASS_LABELS,
  ASSET_CLASSES,
  commitmentText,
  PORTFOLIO_PAGE_SIZE,
  PORTFOLIO_SORT_LABELS,
  PORTFOLIO_SORTS,
  type TAssetClass,
  type TPortfolioEntry,
  type TPortfolioSort,
} from '@parity/domain/investments';
import { listAction, listItem } from '@parity/domain/list-item';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { confirm } from '../../../components/dialog/confirm';
import { openDialog } from '../../../components/dialog/dialog-store';
import { PageHeader } from '../../../components/page-header/page-header';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { RowActions } from '../../../components/row-actions/row-actions';
import { Select } from '../../../components/select/select';
import { SortableTh } from '../../../components/table/sortable-th';
import { useCurrentAccount } from '../../../lib/account';
import { formatDate } from '../../../lib/dates';
import { downloadPortfolio, type PortfolioView, useDeleteEntry, usePortfolio } from '../api/portfolio';
import { AddEntryForm, EditEntryForm } from '../components/entry-form';
import { RollupPanel } from '../components/rollup-panel';

const ASSET_CLASS_OPTIONS = ASSET_CLASSES.map((value) => ({ value, label: ASSET_CLASS_LABELS[value] }));
const SHARED_OPTIONS = [
  { value: 'yes', label: 'Sharing with us' },
  { value: 'no', label: 'Not shared' },
];

const two = (n: number | null) => (n === null ? 'N/A' : n.toFixed(2));

/** The table's view from the page's address (sort, order, filters, page). */
function viewOf(params: URLSearchParams): PortfolioView {
  const sort = params.get('sort');
  const assetClass = params.get('asset_class');
  const vintage = Number.parseInt(params.get('vintage') ?? '', 10);
  const shared = params.get('shared');
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    sort: PORTFOLIO_SORTS.includes(sort as TPortfolioSort) ? (sort as TPortfolioSort) : 'manager',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    q: params.get('q') ?? '',
    asset_class: ASSET_CLASSES.includes(assetClass as TAssetClass) ? (assetClass as TAssetClass) : null,
    vintage: Number.isFinite(vintage) ? vintage : null,
    shared: shared === 'yes' || shared === 'no' ? shared : null,
  };
}

function addressOf(view: PortfolioView, weighted: boolean): URLSearchParams {
  const out = new URLSearchParams();
  if (view.sort !== 'manager') out.set('sort', view.sort);
  if (view.order !== 'asc') out.set('order', view.order);
  if (view.q) out.set('q', view.q);
  if (view.asset_class) out.set('asset_class', view.asset_class);
  if (view.vintage !== null) out.set('vintage', String(view.vintage));
  if (view.shared) out.set('shared', view.shared);
  if (view.page > 1) out.set('page', String(view.page));
  if (weighted) out.set('weighted', 'yes');
  return out;
}

function EntryActions({ entry }: { entry: TPortfolioEntry }) {
  const remove = useDeleteEntry();
  const onAction = async (action: string) => {
    if (action === 'edit') {
      openDialog({
        title: `Edit ${entry.fund_name}`,
        size: 'medium',
        content: (close) => <EditEntryForm entry={entry} onDone={close} />,
      });
      return;
    }
    const confirmed = await confirm({
      danger: true,
      title: 'Remove fund',
      message: `Remove ${entry.fund_name} (${entry.manager.name}) from the portfolio?`,
      confirmLabel: 'Remove',
    });
    if (!confirmed) return false;
    await remove.mutateAsync(entry.id);
    showAlert('success', 'Fund removed', `${entry.fund_name} is no longer in the portfolio.`);
  };
  return (
    <RowActions
      item={listItem(entry.id, [
        listAction({ id: 'edit', title: 'Edit', icon: 'edit', primary: true }),
        listAction({ id: 'delete', title: 'Remove', icon: 'delete', type: 'danger' }),
      ])}
      label={entry.fund_name}
      onAction={(action) => (action === 'edit' ? void onAction(action) : onAction(action))}
    />
  );
}

/** The score cells of a row: the manager's latest shared figures, or why there are none. */
function ScoreCells({ entry }: { entry: TPortfolioEntry }) {
  if (!entry.shared || entry.scores === null)
    return (
      <Table.Td colSpan={4}>
        {entry.shared ? (
          <Text size="sm" c="dimmed">
            Shares with you; no profile submitted yet
          </Text>
        ) : (
          <Badge variant="light" color="gray">
            Not shared
          </Badge>
        )}
      </Table.Td>
    );
  const s = entry.scores;
  return (
    <>
      <Table.Td>{two(s.lpi)}</Table.Td>
      <Table.Td>{s.evenness === null ? 'N/A' : s.evenness.toFixed(0)}</Table.Td>
      <Table.Td>{s.transparency === null ? 'N/A' : `${s.transparency.toFixed(2)}%`}</Table.Td>
      <Table.Td>{formatDate(s.submitted_at)}</Table.Td>
    </>
  );
}

/** /investments: the organization's portfolio of managers, their shared scores and the roll-up. */
export function InvestmentsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const account = useCurrentAccount();
  const isAdmin = account.data?.isOrganizationAdministrator === true;
  const view = viewOf(searchParams);
  const weighted = searchParams.get('weighted') === 'yes';
  const portfolio = usePortfolio(view);
  const [text, setText] = useState(view.q);
  const [exporting, setExporting] = useState(false);
  const filtered = Boolean(view.q || view.asset_class || view.vintage !== null || view.shared);
  // An empty portfolio has nothing to export (a filtered empty page may still have funds).
  const nothingToExport = !filtered && portfolio.data?.total === 0;

  const show = (next: Partial<PortfolioView>, nextWeighted = weighted) =>
    setSearchParams(addressOf({ ...view, page: 1, ...next }, nextWeighted));
  const sortBy = (sort: TPortfolioSort) =>
    show({ sort, order: view.sort === sort && view.order === 'asc' ? 'desc' : 'asc' });
  const sorted = (sort: TPortfolioSort) => (view.sort === sort ? view.order : null);
  const search = (event: FormEvent) => {
    event.preventDefault();
    show({ q: text.trim() });
  };
  const addManager = () =>
    openDialog({ title: 'Add manager', size: 'medium', content: (close) => <AddEntryForm onDone={close} /> });
  const exportFile = async () => {
    setExporting(true);
    try {
      await downloadPortfolio(weighted);
    } finally {
      setExporting(false);
    }
  };

  const sortable = (sort: TPortfolioSort) => (
    <SortableTh label={PORTFOLIO_SORT_LABELS[sort]} sorted={sorted(sort)} onSort={() => sortBy(sort)} />
  );

  return (
    <Stack gap="md">
      <PageHeader
        title="Investments"
        description="Your organization's managers, fund by fund, with the scores each shares with you, and the roll-up of their staff."
        actions={
          isAdmin ? (
            <>
              <Button
                kind="secondary"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={exporting}
                disabled={nothingToExport}
                onClick={() => void exportFile().catch(() => {})}
              >
                Export .xlsx
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={addManager}>
                Add manager
              </Button>
            </>
          ) : null
        }
      />
      <search aria-label="Filter the portfolio">
        <form onSubmit={search}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Manager or fund"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Button type="submit" kind="secondary">
              Search
            </Button>
            <Select
              label="Asset class"
              placeholder="All"
              clearable
              data={ASSET_CLASS_OPTIONS}
              value={view.asset_class}
              onChange={(value) => show({ asset_class: (value as TAssetClass | null) ?? null })}
            />
            <NumberInput
              label="Vintage (year)"
              placeholder="Any"
              allowDecimal={false}
              w={130}
              value={view.vintage ?? ''}
              onBlur={(event) => {
                const year = Number.parseInt(event.currentTarget.value, 10);
                show({ vintage: Number.isFinite(year) ? year : null });
              }}
            />
            <Select
              label="Sharing"
              placeholder="All"
              clearable
              data={SHARED_OPTIONS}
              value={view.shared}
              onChange={(value) => show({ shared: value === 'yes' || value === 'no' ? value : null })}
            />
          </Group>
        </form>
      </search>
      {portfolio.isPending ? (
        <QueryLoader label="Loading the portfolio" />
      ) : portfolio.isError ? (
        <QueryError
          error={portfolio.error}
          title="The portfolio could not be loaded"
          onRetry={() => void portfolio.refetch()}
        />
      ) : portfolio.data.total === 0 ? (
        <Text c="dimmed" role="status">
          {filtered
            ? 'No fund matches these filters.'
            : isAdmin
              ? 'No manager yet. Use Add manager to link an organization you commit to (a public one, one that shares its profile with you, or one by its organization code), with the fund’s name, vintage, commitment and asset class.'
              : 'No manager yet. An admin of your organization adds the managers it commits to.'}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={1080}>
            <Table striped highlightOnHover aria-label="Portfolio">
              <Table.Thead>
                <Table.Tr>
                  {sortable('manager')}
                  {sortable('fund')}
                  {sortable('vintage')}
                  <Table.Th scope="col">Asset class</Table.Th>
                  {sortable('commitment')}
                  <SortableTh label="LPI score (0–10)" sorted={sorted('lpi')} onSort={() => sortBy('lpi')} />
                  <Table.Th scope="col">Evenness (0–100)</Table.Th>
                  <Table.Th scope="col">Transparency (%)</Table.Th>
                  {sortable('submitted')}
                  {isAdmin ? (
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {portfolio.data.data.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Th scope="row" fw={600}>
                      {entry.manager.name}
                    </Table.Th>
                    <Table.Td>{entry.fund_name}</Table.Td>
                    <Table.Td>{entry.vintage}</Table.Td>
                    <Table.Td>{ASSET_CLASS_LABELS[entry.asset_class]}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {commitmentText(entry.commitment, entry.currency)}
                    </Table.Td>
                    <ScoreCells entry={entry} />
                    {isAdmin ? (
                      <Table.Td>
                        <EntryActions entry={entry} />
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            pages={pageCount(portfolio.data.total, PORTFOLIO_PAGE_SIZE)}
            page={view.page}
            onChange={(page) => setSearchParams(addressOf({ ...view, page }, weighted))}
          />
        </>
      )}
      <RollupPanel weighted={weighted} onWeightedChange={(next) => setSearchParams(addressOf(view, next))} />
    </Stack>
  );
}

export { InvestmentsRoute as Component };

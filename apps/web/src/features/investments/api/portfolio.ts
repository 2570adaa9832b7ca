import {
  PORTFOLIO_PAGE_SIZE,
  type TAssetClass,
  type TPortfolioEntryCreate,
  type TPortfolioEntryPatch,
  type TPortfolioSort,
  ZManagerCandidates,
  ZPortfolioEntry,
  ZPortfolioList,
  ZRollup,
} from '@parity/domain/investments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** What the portfolio table shows: its page, order and filters (the page's address). */
export interface PortfolioView {
  page: number;
  sort: TPortfolioSort;
  order: 'asc' | 'desc';
  q: string;
  asset_class: TAssetClass | null;
  vintage: number | null;
  shared: 'yes' | 'no' | null;
}

/** One family under 'investments': a write refreshes the list and the roll-up. */
export const investmentKeys = {
  all: ['investments'] as const,
  list: (view: PortfolioView) => ['investments', 'list', view] as const,
  rollup: (weighted: boolean) => ['investments', 'rollup', weighted] as const,
  managers: (q: string) => ['investments', 'managers', q] as const,
};

/** GET /api/investments: one page of the portfolio with each manager's latest shared scores. */
export async function getPortfolio(view: PortfolioView) {
  const answer = await api.get<unknown>('/api/investments', {
    page: view.page,
    limit: PORTFOLIO_PAGE_SIZE,
    sort: view.sort,
    order: view.order,
    q: view.q || undefined,
    asset_class: view.asset_class ?? undefined,
    vintage: view.vintage ?? undefined,
    shared: view.shared ?? undefined,
  });
  return parseAnswer(ZPortfolioList, answer, { silent: true });
}

export function usePortfolio(view: PortfolioView) {
  return useQuery({
    queryKey: investmentKeys.list(view),
    queryFn: () => getPortfolio(view),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/investments/rollup: head counts, or commitment-weighted shares. */
export function useRollup(weighted: boolean) {
  return useQuery({
    queryKey: investmentKeys.rollup(weighted),
    queryFn: async () =>
      parseAnswer(
        ZRollup,
        await api.get<unknown>('/api/investments/rollup', { weighted: weighted ? 'yes' : 'no' }),
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/investments/managers: public organizations and those sharing with us, by name. */
export function useManagerCandidates(q: string) {
  return useQuery({
    queryKey: investmentKeys.managers(q),
    queryFn: async () =>
      parseAnswer(
        ZManagerCandidates,
        await api.get<unknown>('/api/investments/managers', { q: q || undefined }),
      ),
    placeholderData: keepPreviousData,
  });
}

function useRefreshPortfolio() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: investmentKeys.all });
}

export function useCreateEntry() {
  const refresh = useRefreshPortfolio();
  return useMutation({
    mutationFn: async (body: TPortfolioEntryCreate) =>
      parseAnswer(ZPortfolioEntry, await api.post<unknown>('/api/investments', body, { retries: 0 })),
    onSuccess: refresh,
  });
}

export function useUpdateEntry(entryId: number) {
  const refresh = useRefreshPortfolio();
  return useMutation({
    mutationFn: async (body: TPortfolioEntryPatch) =>
      parseAnswer(
        ZPortfolioEntry,
        await api.patch<unknown>(`/api/investments/${entryId}`, body, { retries: 0 }),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteEntry() {
  const refresh = useRefreshPortfolio();
  return useMutation({
    mutationFn: (entryId: number) =>
      api.delete<unknown>(`/api/investments/${entryId}`, undefined, { retries: 0 }),
    onSuccess: refresh,
  });
}

/** The .xlsx of the portfolio and its roll-up, named with today's date as the API names it. */
export function downloadPortfolio(weighted: boolean) {
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile('/api/investments/export.xlsx', `parity-investments-${day}.xlsx`, {
    weighted: weighted ? 'yes' : 'no',
  });
}

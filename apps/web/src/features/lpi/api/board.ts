import type { TBoardMemberRow, TBoardResponse } from '@parity/domain/lpi/board';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type LpiScope, readCall, scopeKey, surveyIdOf } from '../lib/scope';

export const boardKey = (scope: LpiScope) => ['lpi', 'board', ...scopeKey(scope)] as const;

export function fetchBoard(scope: LpiScope) {
  const { path, params } = readCall(scope, '/api/organization/me/boards', '/api/boards');
  return api.get<TBoardResponse>(path, params);
}

export function useBoard(scope: LpiScope) {
  return useQuery({ queryKey: boardKey(scope), queryFn: () => fetchBoard(scope), staleTime: Infinity });
}

export interface BoardSave {
  updated_at: string | null;
  create: TBoardMemberRow[];
  update: (TBoardMemberRow & { id: number })[];
  delete: number[];
}

/** POST /api/boards/save; silent: the LPI page reports failures. */
export function saveBoard(scope: LpiScope, body: BoardSave) {
  return api.post<TBoardResponse>(
    '/api/boards/save',
    { survey_id: surveyIdOf(scope), ...body },
    { silent: true },
  );
}

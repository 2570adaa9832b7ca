import type { TFeedback, TFeedbackList, TFeedbackListQuery, TFeedbackRequest } from '@parity/domain/feedback';
import { loadCaller } from '../../core/access/caller';
import { requirePlatformAdmin } from '../../core/access/platform-admin-guard';
import { unauthorized } from '../../core/http/errors';
import type { DbOrTx } from '../../db/client';
import { findSender, insertFeedback, listFeedback } from './repo';

function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** Stores a rating from the widget with its sender and the sender's organization. */
export async function sendFeedback(db: DbOrTx, userId: number, input: TFeedbackRequest): Promise<TFeedback> {
  const sender = await findSender(db, userId);
  if (!sender) throw unauthorized();
  const comment = input.comment?.trim() ? input.comment : null;
  const row = await insertFeedback(db, {
    user_id: userId,
    organization_id: sender.organization_id ?? null,
    url: input.url,
    value: input.value,
    comment,
  });
  return {
    id: row.id,
    url: row.url,
    value: row.value,
    comment: row.comment,
    created_at: toIso(row.created_at),
  };
}

export async function getFeedbackList(
  db: DbOrTx,
  userId: number,
  query: TFeedbackListQuery,
): Promise<TFeedbackList> {
  requirePlatformAdmin(await loadCaller(db, userId));
  const { rows, total } = await listFeedback(db, query.limit, query.offset);
  return {
    data: rows.map((row) => ({
      ...row,
      created_at: toIso(row.created_at),
      user: row.user?.id == null ? null : row.user,
      organization: row.organization?.id == null ? null : row.organization,
    })),
    total,
  };
}

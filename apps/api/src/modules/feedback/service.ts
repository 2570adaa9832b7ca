import type { TFeedback, TFeedbackRequest } from '@parity/domain/feedback';
import { unauthorized } from '../../core/http/errors';
import type { DbOrTx } from '../../db/client';
import { findSender, insertFeedback } from './repo';

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

import type { TFeedback, TFeedbackRequest } from '@parity/domain/feedback';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/feedback {url, value, comment}. Silent: the widget reports a failure itself with the
 * spec's 'Error!' / 'Error' alert. No retries: a rating is not worth sending twice.
 */
export function sendFeedback(payload: TFeedbackRequest): Promise<TFeedback> {
  return api.post<TFeedback>('/api/feedback', payload, { silent: true, retries: 0 });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}

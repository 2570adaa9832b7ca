import type { FormErrors } from '@mantine/form';
import type { SyntheticEvent } from 'react';
import { ERROR_ALERT_TITLE } from '../../lib/api-client';
import { alertStore } from '../alerts/alert-store';
import { focusFirstError } from './use-schema-form';

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** 'Email is required.', 'Email and Verification code are required.', 'A, B and C are required.' */
export function requiredFieldsMessage(labels: readonly string[]): string {
  const list =
    labels.length > 1
      ? `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`
      : (labels[0] ?? '');
  return `${list} ${labels.length > 1 ? 'are' : 'is'} required.`;
}

/**
 * `form.onSubmit`'s failure handler for the forms whose empty required fields are also an 'Error'
 * alert (spec 8: the required-argument errors of MFA, reset and password update), beside the
 * fields' own messages: focuses the first field at fault, then names the empty ones, in the
 * order of `labels` (field -> label).
 */
export function alertRequiredFields(labels: Record<string, string>) {
  return (errors: FormErrors, values: object, event?: SyntheticEvent<HTMLFormElement>) => {
    focusFirstError(errors, values, event);
    const fields = values as Record<string, unknown>;
    const missing = Object.entries(labels)
      .filter(([field]) => errors[field] && isBlank(fields[field]))
      .map(([, label]) => label);
    if (missing.length > 0) {
      alertStore.add({
        type: 'error',
        title: ERROR_ALERT_TITLE,
        description: requiredFieldsMessage(missing),
      });
    }
  };
}

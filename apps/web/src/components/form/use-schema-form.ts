import { type FormErrors, schemaResolver, type UseFormInput, useForm } from '@mantine/form';
import type { SyntheticEvent } from 'react';
import type { z } from 'zod';

/**
 * A Mantine form validated by a domain zod schema (Standard Schema), with the app's timing:
 * every field checked on submit, a field's message cleared as it is edited.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Transformed = Values>(
  schema: z.ZodType,
  input: Omit<UseFormInput<Values, Transformed>, 'validate'>,
) {
  return useForm<Values, Transformed>({
    ...input,
    validate: schemaResolver(schema, { sync: true }),
  });
}

/** `form.onSubmit`'s failure handler: focuses the first field (in page order) with a message. */
export function focusFirstError(
  errors: FormErrors,
  _values?: unknown,
  event?: SyntheticEvent<HTMLFormElement>,
) {
  const scope: ParentNode = event?.currentTarget ?? document;
  for (const node of scope.querySelectorAll<HTMLElement>('[data-path]')) {
    if (errors[node.dataset.path ?? '']) {
      node.focus();
      return;
    }
  }
}

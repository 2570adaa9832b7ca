import {
  type FormErrors,
  schemaResolver,
  type UseFormInput,
  type UseFormReturnType,
  useForm,
} from '@mantine/form';
import { type SyntheticEvent, useRef } from 'react';
import type { z } from 'zod';

/** When a field's message first shows. */
export interface SchemaFormTiming {
  /**
   * 'submit' (the default): every field on submit, a field's message cleared as it is edited.
   * 'blur': also a field as it is left; a field showing a message is checked again as the values
   * change, so it goes (or becomes the next rule's) as soon as the value is valid. For a
   * wizard's step, whose fields are still empty when the step opens.
   */
  validateOn?: 'submit' | 'blur';
}

/**
 * A Mantine form validated by a domain zod schema (Standard Schema), with the app's timing:
 * every field checked on submit, a field's message cleared as it is edited (or `validateOn`).
 */
export function useSchemaForm<Values extends Record<string, unknown>, Transformed = Values>(
  schema: z.ZodType,
  input: Omit<
    UseFormInput<Values, Transformed>,
    'validate' | 'validateInputOnChange' | 'validateInputOnBlur' | 'clearInputErrorOnChange'
  >,
  { validateOn = 'submit' }: SchemaFormTiming = {},
) {
  const onBlur = validateOn === 'blur';
  // The form of the last render: its messages, when a value changes.
  const latest = useRef<UseFormReturnType<Values, Transformed>>(null);
  const form = useForm<Values, Transformed>({
    ...input,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: onBlur,
    clearInputErrorOnChange: !onBlur,
    onValuesChange: (values, previous) => {
      input.onValuesChange?.(values, previous);
      if (!onBlur || !latest.current) return;
      for (const path of Object.keys(latest.current.errors)) latest.current.validateField(path);
    },
  });
  latest.current = form;
  return form;
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

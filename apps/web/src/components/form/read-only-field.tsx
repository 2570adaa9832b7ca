import { Text } from '@mantine/core';
import { EMPTY_CELL } from '@parity/domain/survey-response-document';
import type { ReactNode } from 'react';
import classes from './read-only-field.module.css';

/** A value a read-only form shows; several values are listed with commas. */
export type ReadOnlyValue = string | number | boolean | null | undefined | readonly string[];

/**
 * A value as text: an empty one as an em dash (as the printable response and its PDF print it),
 * a boolean as Yes/No.
 */
export function readOnlyText(value: ReadOnlyValue): string {
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : EMPTY_CELL;
  return String(value);
}

export interface ReadOnlyFieldProps {
  label: ReactNode;
  value: ReadOnlyValue;
  /** Shown under the value (a field's help). */
  description?: ReactNode;
  /** Rich content in place of the value's text (formatted text); the value still decides emptiness. */
  children?: ReactNode;
}

/**
 * A field of a form that is read only (a step held by someone else, a submitted survey, a member
 * without the right to edit): its label and its value as text, not a pale disabled input. Every
 * read-only form shows its fields this way: a group (fieldset) named by its label (legend), so the
 * value is found by the label.
 */
export function ReadOnlyField({ label, value, description, children }: ReadOnlyFieldProps) {
  const empty = readOnlyText(value) === EMPTY_CELL;
  return (
    <fieldset className={classes.field}>
      <Text component="legend" size="sm" fw={500} className={classes.label}>
        {label}
      </Text>
      <Text component="div" className={classes.value}>
        {empty || children === undefined ? readOnlyText(value) : children}
      </Text>
      {description ? (
        <Text component="div" size="xs" c="dimmed">
          {description}
        </Text>
      ) : null}
    </fieldset>
  );
}

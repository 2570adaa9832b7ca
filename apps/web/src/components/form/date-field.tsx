// The date picker's styles come with it, not with every page's first load.
import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A whole calendar day as typed, else null: a half-typed date is not taken as some other day. */
function parseDay(text: string): string | null {
  const day = text.trim();
  if (!ISO_DAY.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day ? day : null;
}

/**
 * A calendar date, typed or picked, as the API takes it (YYYY-MM-DD, shown as typed); clearing it
 * gives null. The rules (a day not after today...) are the form schema's, so no min/max here.
 */
export function DateField(props: DateInputProps) {
  return (
    <DateInput
      valueFormat="YYYY-MM-DD"
      dateParser={parseDay}
      clearable
      clearButtonProps={CLEAR_BUTTON}
      {...props}
    />
  );
}

/** Mantine's clear button is an icon alone: it needs a name of its own for screen readers (axe). */
export const CLEAR_BUTTON = { 'aria-label': 'Clear date' } as const;

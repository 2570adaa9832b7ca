/** Dates as the page shows them: 'Nov 22, 2026' (a YYYY-MM-DD date or an ISO timestamp). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A percentage with at most one decimal: 12.5%. */
export const formatPercent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;

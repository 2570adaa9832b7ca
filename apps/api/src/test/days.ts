/** `days` from now (negative: before), at `hour`:00 UTC: test events placed around today. */
export function inDays(days: number, hour = 9): Date {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
}

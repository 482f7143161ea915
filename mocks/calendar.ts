/**
 * Whether a date and time exist on the calendar (UTC): `Date.parse` moves what does not
 * (`2026-02-30` becomes March 2), so the mock's inputs that name dates (`--now`, the data file's
 * dates) are checked here first.
 */

/**
 * Why a date and time do not exist, or undefined when they do: month 1-12, a day the month has,
 * hours 0-23, minutes 0-59, seconds 0-`maxSecond` (60 admits a leap second).
 * @param ymd the year, month and day as written (`2026-02-30` → "2026", "02", "30").
 */
export function calendarProblem(ymd: readonly [string, string, string], h = 0, mi = 0, se = 0, maxSecond = 60): string | undefined {
  const [y, mo, d] = ymd.map(Number) as [number, number, number];
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (mo < 1 || mo > 12) return `month ${mo} does not exist`;
  if (d < 1 || d > days) return `day ${d} does not exist in ${ymd[0]}-${ymd[1]}`;
  if (h > 23 || mi > 59 || se > maxSecond) return 'that time does not exist';
  return undefined;
}

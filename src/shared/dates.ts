// The one date format of the hub's pages (Home, Links, Profile): "November 21, 2026", the spec's
// long date. Islands render it in UTC on the server (so hydration matches) and in the visitor's
// own time zone once live; pages the server alone renders show UTC.

/** "November 21, 2026"; '' for a text that is no date. `local` false: in UTC. */
export function localDate(iso: string, local = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', ...(local ? {} : { timeZone: 'UTC' }) });
}

/**
 * "November 21, 2026 at 2:05 PM" (with " UTC" when `local` is false, as the server renders it;
 * "2:05:09 PM" with `seconds`). Put together from its parts, so the server's and the browser's ICU
 * versions (which differ in the word between date and time and in the space before PM) render the
 * same text.
 */
export function localDateTime(iso: string, local = true, seconds = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const zone = local ? {} : { timeZone: 'UTC' };
  const parts = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true, ...zone }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')}${seconds ? `:${part('second')}` : ''}`;
  return `${localDate(iso, local)} at ${time} ${part('dayPeriod').toUpperCase()}${local ? '' : ' UTC'}`;
}

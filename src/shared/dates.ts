// The one date format of the hub's pages (Home, Links, Profile): "November 21, 2026", the spec's
// long date. Islands render it in UTC on the server (so hydration matches) and in the visitor's
// own time zone once live; pages the server alone renders show UTC.

/** "November 21, 2026"; '' for a text that is no date. `local` false: in UTC. */
export function localDate(iso: string, local = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', ...(local ? {} : { timeZone: 'UTC' }) });
}

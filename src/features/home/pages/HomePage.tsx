// The home page: the welcome banner, then the dashboard's four sections (the Home island,
// rendered here with real data so the first paint is complete).

import { isDiscreet } from '../../../../islands/lib/discreet-mode.ts';
import { useBrand } from '../../../http/document.tsx';
import { Island } from '../../../http/island.tsx';
import { DISCREET_TEXT } from '../../../shared/brand.ts';
import type { HomeDashboard } from '../../../shared/home.ts';

export function HomePage({ dashboard }: { dashboard: HomeDashboard }) {
  const brand = useBrand();
  const discreet = isDiscreet();
  return (
    <div className="space-y-10">
      <section className="card relative overflow-hidden p-8 sm:p-12">
        <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-accent/15 blur-3xl" />
        <p className="chip bg-accent/10 text-accent">{discreet ? DISCREET_TEXT.homeChip : 'Private · Adults only'}</p>
        <h1 className="mt-4 font-display text-3xl font-bold tracking-tight sm:text-5xl">Welcome to {brand}</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted">
          Your personal collection in one place: favourite streaming sites, links, models, and a private gallery that never leaves this server.
        </p>
      </section>
      {/* The island's marker takes no box (display: contents), so the spacing needs this one. */}
      <div>
        <Island name="Home" props={{ initial: dashboard }} />
      </div>
    </div>
  );
}

// The home page: the welcome banner, then the dashboard's four sections (the HomeDashboard island,
// rendered here with real data so the first paint is complete).

import { Island } from '../../../http/island.tsx';
import { BRAND_NAME } from '../../../shared/brand.ts';
import type { HomeDashboard } from '../../../shared/home.ts';

export function HomePage({ dashboard }: { dashboard: HomeDashboard }) {
  return (
    <div className="space-y-10">
      <section className="card relative overflow-hidden p-8 sm:p-12">
        <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-accent/15 blur-3xl" />
        <p className="chip bg-accent/10 text-accent">Private · Adults only</p>
        <h1 className="mt-4 font-display text-3xl font-bold tracking-tight sm:text-5xl">Welcome to {BRAND_NAME}</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted">
          Your personal collection in one place: favourite streaming sites, links, models, and a private gallery that never leaves this server.
        </p>
      </section>
      {/* The island's marker takes no box (display: contents), so the spacing needs this one. */}
      <div>
        <Island name="HomeDashboard" props={{ initial: dashboard }} />
      </div>
    </div>
  );
}

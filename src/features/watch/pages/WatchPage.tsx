// The Watch page (/watch): the user's streaming sites, live through the Watch island.

import { Island } from '../../../http/island.tsx';
import { Page } from '../../../http/ui.tsx';
import type { StreamingSite, WatchFilter } from '../../../shared/watch.ts';

export function WatchPage({ sites, total, filter }: { sites: StreamingSite[]; total: number; filter: WatchFilter }) {
  return (
    <Page title="Watch">
      <Island name="Watch" props={{ sites, total, filter }} />
    </Page>
  );
}

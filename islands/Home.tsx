// The home page's four sections: favourite streaming sites, favourite models, recently visited
// links and the Red Room. Rendered by the server with real data; once live it refreshes when the
// window regains focus or the tab becomes visible, at most once every 30 s and never twice at once.
// How many favourites show (twice the columns for the window's width) is the stylesheet's work, so
// the first paint is already right and a resize needs no script.

import { type ReactNode, useEffect, useRef, useState } from 'react';
import { localDate } from '../src/shared/dates.ts';
import { DISCREET_GALLERY, DISCREET_HOME_BUTTON } from '../src/shared/discreet-names.ts';
import {
  DASHBOARD_REFRESH_MS,
  type HomeDashboard as Dashboard,
  HOME_API_PATH,
  HOME_TEXT,
  type HomeLink,
  type HomeModel,
  type HomeSite,
} from '../src/shared/home.ts';
import { Avatar } from './components/Avatar.tsx';
import { api } from './lib/api.ts';
import { isDiscreet } from './lib/discreet-mode.ts';

export type HomeProps = {
  initial: Dashboard;
};

export default function Home({ initial }: HomeProps) {
  const discreet = isDiscreet();
  const [data, setData] = useState<Dashboard>(initial);
  const [loading, setLoading] = useState(false);
  const [local, setLocal] = useState(false);
  const lastLoaded = useRef(0);
  const running = useRef(false);

  useEffect(() => {
    // The server's data is as fresh as a first load.
    lastLoaded.current = Date.now();
    setLocal(true);
    const refresh = async () => {
      if (running.current || Date.now() - lastLoaded.current < DASHBOARD_REFRESH_MS) return;
      running.current = true;
      setLoading(true);
      const result = await api<Dashboard>(HOME_API_PATH, { fallback: HOME_TEXT.loadError });
      if (result.ok) {
        setData(result.value);
        lastLoaded.current = Date.now();
      } else {
        // The spec: a failure is only logged and leaves the sections as they are.
        console.log(HOME_TEXT.loadError, result.message);
      }
      running.current = false;
      setLoading(false);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  return (
    <div className="space-y-8">
      <Section heading={HOME_TEXT.sitesHeading} to="/watch" label="Watch" loading={loading}>
        {data.favoriteSites.length === 0 ? (
          <Empty text={HOME_TEXT.sitesEmpty} action={HOME_TEXT.sitesBrowse} to="/watch" />
        ) : (
          <ul className="dash-grid dash-favs">
            {data.favoriteSites.map((site) => (
              <SiteCard key={site._id} site={site} />
            ))}
          </ul>
        )}
      </Section>

      <Section heading={HOME_TEXT.modelsHeading} to="/models" label="Models" loading={loading}>
        {data.favoriteModels.length === 0 ? (
          <Empty text={HOME_TEXT.modelsEmpty} action={HOME_TEXT.modelsBrowse} to="/models" />
        ) : (
          <ul className="dash-grid dash-models dash-favs">
            {data.favoriteModels.map((model) => (
              <ModelCard key={model._id} model={model} />
            ))}
          </ul>
        )}
      </Section>

      <Section heading={HOME_TEXT.linksHeading} to="/links" label="Links" loading={loading}>
        {data.recentLinks.length === 0 ? (
          <Empty text={HOME_TEXT.linksEmpty} action={HOME_TEXT.linksBrowse} to="/links" />
        ) : (
          <ul className="dash-grid">
            {data.recentLinks.map((link) => (
              <LinkCard key={link._id} link={link} local={local} />
            ))}
          </ul>
        )}
      </Section>

      <section aria-labelledby="home-red-room" className="card relative overflow-hidden p-6 sm:p-8">
        <h2 id="home-red-room" className="font-display text-xl font-bold sm:text-2xl">
          {discreet ? DISCREET_GALLERY : HOME_TEXT.redRoomHeading}
        </h2>
        <p className="mt-2 max-w-2xl text-muted">
          Unlimited uploads, advanced filtering and private viewing modes: your own gallery of images and videos, kept on this server and seen by no one else.
        </p>
        <a href="/gallery" className="btn-primary mt-5 no-underline">
          {discreet ? DISCREET_HOME_BUTTON : HOME_TEXT.redRoomButton}
        </a>
      </section>
    </div>
  );
}

function Section({ heading, to, label, loading, children }: { heading: string; to: string; label: string; loading: boolean; children: ReactNode }) {
  const id = `home-${to.slice(1)}`;
  return (
    <section aria-labelledby={id} aria-busy={loading || undefined}>
      <div className="mb-3 flex items-center gap-3">
        <h2 id={id} className="font-display text-xl font-bold sm:text-2xl">
          {heading}
        </h2>
        {loading ? <Spinner /> : null}
        {/** biome-ignore lint/a11y/useAnchorContent: kept from before the linter; fix when this code is next touched */}
        <a
          href={to}
          aria-label={`Go to ${label}`}
          title={`Go to ${label}`}
          className="ml-auto inline-flex h-9 w-9 items-center justify-center rounded-full text-muted hover:bg-raised hover:text-fg"
        >
          <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
            <path d="M5 12h14M13 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </a>
      </div>
      {children}
    </section>
  );
}

function Spinner() {
  return <span role="status" aria-label="Loading" className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-line border-t-accent" />;
}

function Empty({ text, action, to }: { text: string; action: string; to: string }) {
  return (
    <div className="card flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted">{text}</p>
      <a href={to} className="btn-outline shrink-0 no-underline">
        {action}
      </a>
    </div>
  );
}

/** The category's own colours, as classes (the Content-Security-Policy allows no style attributes). */
function CategoryChip({ name, chipClass }: { name: string; chipClass: string }) {
  return <span className={`chip ${chipClass}`}>{name}</span>;
}

function SiteCard({ site }: { site: HomeSite }) {
  return (
    <li className="flex">
      <a href={site.url} target="_blank" rel="noopener noreferrer" className="card flex w-full items-center gap-3 p-4 text-fg no-underline hover:bg-raised">
        <img src={`/api/favicon?url=${encodeURIComponent(site.url)}`} alt="" width={32} height={32} loading="lazy" className="h-8 w-8 shrink-0 rounded" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{site.name}</span>
          <span className="mt-1 block">
            <CategoryChip name={site.category} chipClass={site.chipClass} />
          </span>
        </span>
      </a>
    </li>
  );
}

function ModelCard({ model }: { model: HomeModel }) {
  return (
    <li className="flex">
      <a
        href={`/models?search=${encodeURIComponent(model.name)}`}
        className="card flex w-full flex-col items-center gap-2 p-4 text-center text-fg no-underline hover:bg-raised"
      >
        <Avatar name={model.name} src={model.picture} size="lg" />
        <span className="w-full truncate font-semibold">{model.name}</span>
        <span className="flex flex-wrap justify-center gap-1">
          {model.ethnicity ? <CategoryChip name={model.ethnicity} chipClass={model.chipClass} /> : null}
          <span className="chip bg-raised text-fg">{model.age === null ? 'Age Unknown' : `Age ${model.age}`}</span>
        </span>
      </a>
    </li>
  );
}

function LinkCard({ link, local }: { link: HomeLink; local: boolean }) {
  // The server renders the date in UTC; once live, the island shows the visitor's own date.
  const visited = localDate(link.lastVisited, local);
  const recordVisit = () => {
    void api(`/api/links/${encodeURIComponent(link._id)}/visit`, { method: 'POST', fallback: 'Error tracking link visit' });
  };
  return (
    <li className="flex">
      <a
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        onClick={recordVisit}
        className="card flex w-full items-center gap-3 p-4 text-fg no-underline hover:bg-raised"
      >
        <img src={`/api/favicon?url=${encodeURIComponent(link.url)}`} alt="" width={32} height={32} loading="lazy" className="h-8 w-8 shrink-0 rounded" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{link.name}</span>
          <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
            <CategoryChip name={link.category} chipClass={link.chipClass} />
            <span>
              Visited: <time dateTime={link.lastVisited}>{visited}</time>
            </span>
          </span>
        </span>
      </a>
    </li>
  );
}

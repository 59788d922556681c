// One favourite mark across the hub: the Watch, Links and Models cards draw the shared FavoriteIcon
// (a heart, filled for a favourite) in their favourite buttons, not a mark of their own.
import { afterEach, describe, expect, test } from 'bun:test';
import { cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Link } from '../src/shared/links.ts';
import type { Model } from '../src/shared/models.ts';
import type { StreamingSite } from '../src/shared/watch.ts';
import { FavoriteIcon } from './components/Icons.tsx';
import { LinkCard } from './links/LinkCard.tsx';
import { ModelCard } from './models/ModelCard.tsx';
import { SiteCard } from './watch/SiteCard.tsx';

afterEach(cleanup);

const nothing = () => {};
const SITE: StreamingSite = {
  _id: 's1',
  name: 'Stream',
  url: 'https://stream.example/',
  description: '',
  category: 'Japanese' as StreamingSite['category'],
  isFavorite: true,
  lastVisited: null,
  createdAt: '2026-11-21T12:00:00.000Z',
};
const LINK: Link = {
  _id: 'l1',
  name: 'Jane',
  url: 'https://jane.example/',
  description: '',
  category: 'Other' as Link['category'],
  isFavorite: true,
  lastVisited: null,
  autoImported: false,
  sourceModel: null,
  createdAt: '2026-11-21T12:00:00.000Z',
};
const MODEL = {
  _id: 'm1',
  name: 'Mia Wong',
  ethnicity: '',
  breastSize: '',
  age: null,
  height: '',
  image: '',
  profilePicture: null,
  picture: null,
  description: '',
  tags: [],
  links: [],
  favorite: true,
  isFavorite: true,
  created: '2026-11-21T12:00:00.000Z',
  updated: null,
} as Model;

/** The markup of the icon inside the button named `name`. */
const markOf = (name: string) => screen.getByRole('button', { name }).querySelector('svg')!.outerHTML;
const heart = (filled: boolean) => renderToStaticMarkup(<FavoriteIcon filled={filled} size={18} />);

describe('the favourite mark', () => {
  test('Watch, Links and Models draw the same filled heart for a favourite', () => {
    render(
      <>
        <SiteCard site={SITE} busy={false} onToggleFavorite={nothing} onEdit={nothing} onDelete={nothing} onVisit={nothing} />
        <LinkCard link={LINK} live actions={{ onVisit: nothing, onFavorite: nothing, onEdit: nothing, onDelete: nothing } as never} />
        <ModelCard model={MODEL} live busy={false} onFavorite={nothing} onEdit={nothing} onDelete={nothing} onUpload={nothing} onOpenGallery={nothing} />
      </>,
    );
    const marks = [markOf('Remove Stream from favorites'), markOf('Remove Jane from favorites'), markOf('Remove Mia Wong from favorites')];
    for (const mark of marks) expect(mark).toBe(heart(true));
  });
});

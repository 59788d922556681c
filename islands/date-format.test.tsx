// One date format on Home and Links (and Profile, rendered by the server with the same helper):
// "Visited: November 21, 2026", in the visitor's own time zone once the island is live.
import { afterEach, expect, test } from 'bun:test';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { localDate } from '../src/shared/dates.ts';
import type { Link } from '../src/shared/links.ts';
import HomeDashboard from './Home.tsx';
import { LinkCard } from './links/LinkCard.tsx';

afterEach(cleanup);

const VISITED = '2026-11-21T12:00:00.000Z';
const nothing = () => {};

test('Home and Links show a visit in the same long local date', async () => {
  const link: Link = {
    _id: 'l1',
    name: 'Jane',
    url: 'https://jane.example/',
    description: '',
    category: 'Other' as Link['category'],
    isFavorite: false,
    lastVisited: VISITED,
    autoImported: false,
    sourceModel: null,
    createdAt: VISITED,
  };
  await act(async () => {
    render(
      <>
        <HomeDashboard
          initial={{
            favoriteSites: [],
            favoriteModels: [],
            recentLinks: [{ _id: 'h1', name: 'Home Jane', url: link.url, category: 'Other', chipClass: '', lastVisited: VISITED }],
          }}
        />
        <LinkCard link={link} live actions={{ onVisit: nothing, onFavorite: nothing, onEdit: nothing, onDelete: nothing } as never} />
      </>,
    );
  });
  const expected = `Visited: ${localDate(VISITED)}`;
  expect(expected).toMatch(/^Visited: [A-Z][a-z]+ \d{1,2}, 2026$/);
  const home = screen.getByRole('link', { name: /Home Jane/ });
  expect(within(home).getByText(/^Visited:/).textContent).toBe(expected);
  const card = screen.getByRole('article', { name: 'Jane' });
  expect(within(card).getByText(/^Visited:/).textContent).toBe(expected);
  expect(
    within(card)
      .getByText(/^Visited:/)
      .querySelector('time')
      ?.getAttribute('datetime'),
  ).toBe(VISITED);
});

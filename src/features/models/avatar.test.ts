// The avatar service: off without a template; with one, the first link on a known platform names
// the picture, and nothing else does.
import { expect, test } from 'bun:test';
import { avatarUrl, profileOf } from './avatar.ts';

const TEMPLATE = 'https://avatars.example/{platform}/{username}';

test('profiles on the known platforms, by host and path', () => {
  expect(profileOf('https://onlyfans.com/mia')).toEqual({ platform: 'onlyfans', username: 'mia' });
  expect(profileOf('https://www.fansly.com/mia/posts')).toEqual({ platform: 'fansly', username: 'mia' });
  expect(profileOf('https://x.com/@mia_r')).toEqual({ platform: 'x', username: 'mia_r' });
  expect(profileOf('https://twitter.com/mia.r')).toEqual({ platform: 'x', username: 'mia.r' });
  expect(profileOf('https://instagram.com/mia')).toEqual({ platform: 'instagram', username: 'mia' });
  expect(profileOf('https://old.reddit.com/user/mia')).toEqual({ platform: 'reddit', username: 'mia' });
  expect(profileOf('https://reddit.com/u/mia')).toEqual({ platform: 'reddit', username: 'mia' });
});

test('anything else is no profile', () => {
  for (const url of [
    'https://example.test/mia',
    'https://notonlyfans.com/mia',
    'https://onlyfans.com/',
    'https://reddit.com/r/pics',
    'https://x.com/a%20b',
    'not a url',
  ])
    expect(profileOf(url)).toBeNull();
});

test('without a template no picture URL is made; with one, the first known link fills it in', () => {
  const links = [
    { name: 'Site', url: 'https://example.test/mia' },
    { name: 'IG', url: 'https://instagram.com/mia' },
    { name: 'OF', url: 'https://onlyfans.com/other' },
  ];
  expect(avatarUrl(undefined, links)).toBeNull();
  expect(avatarUrl('', links)).toBeNull();
  expect(avatarUrl(TEMPLATE, links)).toBe('https://avatars.example/instagram/mia');
  expect(avatarUrl(TEMPLATE, [{ name: 'Site', url: 'https://example.test/mia' }])).toBeNull();
});

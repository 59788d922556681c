import { describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { type IslandName, islandLoaders } from '../../islands/registry.ts';
import { Island, IslandsOnPage, serverIslands } from './island.tsx';

describe('<Island>', () => {
  test('renders a marker with the island name and escaped JSON props around the server-rendered component', () => {
    const used = new Set<IslandName>();
    const html = renderToString(
      <IslandsOnPage.Provider value={used}>
        <Island name="DeleteAccount" props={{ userId: 'u-1' }} />
      </IslandsOnPage.Provider>,
    );
    expect(html).toStartWith('<div class="contents" data-island="DeleteAccount" data-props="{&quot;userId&quot;:&quot;u-1&quot;}">');
    expect(html).toContain('Delete');
    expect([...used]).toEqual(['DeleteAccount']);
  });

  test('props that contain markup cannot break out of the attribute', () => {
    const used = new Set<IslandName>();
    const html = renderToString(
      <IslandsOnPage.Provider value={used}>
        <Island name="DeleteAccount" props={{ userId: '"><script>alert(1)</script>' }} />
      </IslandsOnPage.Provider>,
    );
    expect(html).not.toContain('<script>');
    const props = html.match(/data-props="([^"]*)"/)![1]!;
    expect(JSON.parse(props.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'))).toEqual({
      userId: '"><script>alert(1)</script>',
    });
  });

  test('refuses to render outside the document, where its script would be forgotten', () => {
    expect(() => renderToString(<Island name="DeleteAccount" props={{ userId: 'u-1' }} />)).toThrow('<Island> rendered outside the document');
  });

  test('the server and the browser registry know the same islands', () => {
    expect(Object.keys(serverIslands).sort()).toEqual(Object.keys(islandLoaders).sort());
  });
});

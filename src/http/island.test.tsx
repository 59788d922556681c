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

  test('large props go in a JSON data block just before the marker, with every < escaped, and may differ from what the server rendered', () => {
    const used = new Set<IslandName>();
    const hostile = '</script><script>alert(1)</script><!--';
    const html = renderToString(
      <IslandsOnPage.Provider value={used}>
        <Island name="DeleteAccount" props={{ userId: 'u-1' }} browserProps={{ userId: hostile }} propsScript />
      </IslandsOnPage.Provider>,
    );
    const block = /^<script type="application\/json" data-island-props="DeleteAccount">(.*?)<\/script><div class="contents" data-island="DeleteAccount">/.exec(
      html,
    );
    expect(block).not.toBeNull();
    expect(block![1]).not.toContain('<');
    expect(JSON.parse(block![1]!)).toEqual({ userId: hostile });
    // Rendered from its own props; no attribute copy of them.
    expect(html).not.toContain('data-props');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  test('refuses to render outside the document, where its script would be forgotten', () => {
    expect(() => renderToString(<Island name="DeleteAccount" props={{ userId: 'u-1' }} />)).toThrow('<Island> rendered outside the document');
  });

  test('the server and the browser registry know the same islands', () => {
    expect(Object.keys(serverIslands).sort()).toEqual(Object.keys(islandLoaders).sort());
  });
});

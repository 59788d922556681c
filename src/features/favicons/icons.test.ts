// The pure parts of favicons: which declared icon is tried first, and what bytes count as an icon.

import { describe, expect, test } from 'bun:test';
import { sniffIconType } from './icon-bytes.ts';
import { declaredIcons } from './icon-links.ts';

describe('declaredIcons', () => {
  test('finds icon, shortcut icon and apple-touch-icon, resolved against the page, best first, SVG left out', () => {
    const html = `<!doctype html><html><head>
      <link rel="apple-touch-icon" href="/apple.png" sizes="180x180">
      <link rel="icon" type="image/svg+xml" href="/icon.svg">
      <link rel="mask-icon" href="/mask.svg">
      <LINK REL="Shortcut Icon" HREF="favicon.ico">
      <link rel=icon href='/icons/32.png' sizes="32x32" type="image/png"/>
      <link rel="icon" href="/icons/64.png?v=2&amp;x=1" sizes="64x64">
      <link rel="icon" href="/icon.gif">
      <link rel="stylesheet" href="/site.css">
      <link rel="icon" href="javascript:alert(1)">
      <link rel="icon" href="data:image/png;base64,AAAA">
    </head><body><link rel="icon" href="/late.png"></body></html>`;
    expect(declaredIcons(html, 'https://example.test/dir/page.html').map((i) => i.url)).toEqual([
      'https://example.test/icons/64.png?v=2&x=1',
      'https://example.test/icons/32.png',
      'https://example.test/dir/favicon.ico',
      'https://example.test/apple.png',
      'https://example.test/icon.gif',
    ]);
  });

  test('a <base href> moves where relative icons point', () => {
    const html = '<head><base href="https://cdn.example.test/assets/"><link rel="icon" href="fav.png"></head>';
    expect(declaredIcons(html, 'https://example.test/').map((i) => i.url)).toEqual(['https://cdn.example.test/assets/fav.png']);
  });

  test('a page without icons declares none', () => {
    expect(declaredIcons('<html><head><title>x</title></head></html>', 'https://example.test/')).toEqual([]);
  });
});

describe('sniffIconType', () => {
  const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0)]);
  test('PNG, ICO, GIF, JPEG and WebP by their magic numbers', () => {
    expect(sniffIconType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffIconType(bytes(0, 0, 1, 0, 1, 0))).toBe('image/x-icon');
    expect(sniffIconType(new TextEncoder().encode('GIF89a....'))).toBe('image/gif');
    expect(sniffIconType(new TextEncoder().encode('GIF87a....'))).toBe('image/gif');
    expect(sniffIconType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffIconType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
  });

  test('SVG, HTML, an ICO with no images and empty bytes are not icons', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(sniffIconType(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffIconType(text('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffIconType(text('<!doctype html><p>not found</p>'))).toBeNull();
    expect(sniffIconType(bytes(0, 0, 1, 0, 0, 0))).toBeNull();
    expect(sniffIconType(new Uint8Array())).toBeNull();
    expect(sniffIconType(text('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
  });
});

// What counts as a model picture: the raster formats browsers show, by their magic numbers.

import { describe, expect, test } from 'bun:test';
import { sniffPictureType } from './picture-bytes.ts';

const text = (s: string) => new TextEncoder().encode(s);
const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0)]);
/** An ISO-BMFF file type box: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const body = text(`ftyp${major}\0\0\0\0${compatible.join('')}`);
  const size = body.length + 4;
  return new Uint8Array([0, 0, 0, size, ...body, ...new Array(16).fill(0)]);
};

describe('sniffPictureType', () => {
  test('JPEG, PNG, GIF, WebP and AVIF by their magic numbers', () => {
    expect(sniffPictureType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffPictureType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffPictureType(text('GIF89a....'))).toBe('image/gif');
    expect(sniffPictureType(text('GIF87a....'))).toBe('image/gif');
    expect(sniffPictureType(text('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffPictureType(ftyp('avif', 'mif1', 'miaf'))).toBe('image/avif');
    expect(sniffPictureType(ftyp('avis', 'msf1'))).toBe('image/avif');
    expect(sniffPictureType(ftyp('mif1', 'miaf', 'avif'))).toBe('image/avif');
  });

  test('SVG, HTML, ICO, HEIC, MP4, WAV and empty bytes are not pictures', () => {
    expect(sniffPictureType(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffPictureType(text('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffPictureType(text('<!doctype html><p>not found</p>'))).toBeNull();
    expect(sniffPictureType(bytes(0, 0, 1, 0, 1, 0))).toBeNull();
    expect(sniffPictureType(ftyp('heic', 'mif1', 'heic'))).toBeNull();
    expect(sniffPictureType(ftyp('isom', 'iso2', 'mp41'))).toBeNull();
    expect(sniffPictureType(text('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffPictureType(new Uint8Array())).toBeNull();
    // 'avif' past the end of the ftyp box is not a brand.
    expect(sniffPictureType(new Uint8Array([0, 0, 0, 16, ...text('ftypisom\0\0\0\0avif'), ...new Array(8).fill(0)]))).toBeNull();
  });
});

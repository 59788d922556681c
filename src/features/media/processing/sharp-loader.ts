// sharp (libvips) adds about 25 MB to the process the moment it is imported. The hub loads it
// when the first picture is processed, not at start: a hub that only serves pages never pays.

import type SharpFactory from 'sharp';

let loading: Promise<typeof SharpFactory> | undefined;

/** sharp's factory, imported on first use (once). */
export function loadSharp(): Promise<typeof SharpFactory> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}

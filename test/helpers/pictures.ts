// Six clearly different photo-like pictures (gradients and shapes drawn by sharp), as JPEGs: for
// the perceptual-hash and similar-duplicates tests, which make their copies from them.

import sharp from 'sharp';

const SCENES = {
  landscape:
    '<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8cc8f0"/><stop offset="1" stop-color="#f0e0c0"/></linearGradient></defs><rect width="800" height="600" fill="url(#s)"/><circle cx="620" cy="120" r="70" fill="#ffe080"/><path d="M0 420 Q 300 300 800 440 L800 600 L0 600Z" fill="#3a6a30"/><rect x="160" y="330" width="160" height="120" fill="#7a4a3a"/>',
  portrait:
    '<rect width="800" height="600" fill="#201818"/><ellipse cx="400" cy="260" rx="150" ry="190" fill="#e0b090"/><rect x="250" y="430" width="300" height="170" fill="#803040"/><circle cx="345" cy="230" r="18" fill="#302020"/><circle cx="455" cy="230" r="18" fill="#302020"/>',
  stripes: `<rect width="800" height="600" fill="#f0f0f0"/>${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 100}" y="0" width="50" height="600" fill="#204060" transform="rotate(20 400 300)"/>`).join('')}`,
  beach:
    '<rect width="800" height="600" fill="#f4dca0"/><rect width="800" height="260" fill="#2080c0"/><rect y="240" width="800" height="60" fill="#60b0e0"/><circle cx="140" cy="420" r="60" fill="#d04040"/><rect x="520" y="330" width="30" height="220" fill="#604020"/>',
  night:
    '<defs><radialGradient id="m" cx="0.3" cy="0.7" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="0.2" stop-color="#404870"/><stop offset="1" stop-color="#080810"/></radialGradient></defs><rect width="800" height="600" fill="url(#m)"/><rect x="500" y="200" width="200" height="400" fill="#101010"/>',
  room: '<rect width="800" height="600" fill="#c0a080"/><rect x="0" y="450" width="800" height="150" fill="#503020"/><rect x="80" y="100" width="260" height="220" fill="#a0d0f0" stroke="#fff" stroke-width="12"/><rect x="450" y="250" width="280" height="220" fill="#405080"/>',
} as const;

export type PictureName = keyof typeof SCENES;
export const PICTURE_NAMES = Object.keys(SCENES) as PictureName[];

/** One picture as a JPEG (quality 90) of `width` x 3/4 of it. */
export function picture(name: PictureName, width = 1200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round((width * 3) / 4)}" viewBox="0 0 800 600">${SCENES[name]}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

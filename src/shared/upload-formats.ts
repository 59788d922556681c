// What the upload takes: its formats, by the names their owners know, and their extensions. A
// module of its own, not part of media.ts, so that the pages importing media.ts for its types and
// formatting do not carry it (only the upload dialog does, when first opened; decision 0041).

/**
 * The formats the upload takes, by the names their owners know, with their usual extensions (the
 * server decides by the bytes). The picker's accept list, the dialog's line naming the formats and
 * its Image/Video chip for a file the browser gives no type all come from here.
 */
export const UPLOAD_FORMATS: readonly { label: string; kind: 'image' | 'video'; extensions: readonly string[] }[] = [
  { label: 'JPG', kind: 'image', extensions: ['.jpg', '.jpeg'] },
  { label: 'PNG', kind: 'image', extensions: ['.png'] },
  { label: 'GIF', kind: 'image', extensions: ['.gif'] },
  { label: 'WebP', kind: 'image', extensions: ['.webp'] },
  { label: 'AVIF', kind: 'image', extensions: ['.avif'] },
  { label: 'HEIC/HEIF', kind: 'image', extensions: ['.heic', '.heif'] },
  { label: 'MP4', kind: 'video', extensions: ['.mp4'] },
  { label: 'MOV', kind: 'video', extensions: ['.mov'] },
  { label: 'M4V', kind: 'video', extensions: ['.m4v'] },
  { label: 'WebM', kind: 'video', extensions: ['.webm'] },
  { label: 'MKV', kind: 'video', extensions: ['.mkv'] },
  { label: 'AVI', kind: 'video', extensions: ['.avi'] },
  { label: 'WMV', kind: 'video', extensions: ['.wmv', '.asf'] },
  { label: 'FLV', kind: 'video', extensions: ['.flv'] },
  { label: 'MPEG-TS', kind: 'video', extensions: ['.ts', '.m2ts', '.mts'] },
  { label: 'MPEG-PS', kind: 'video', extensions: ['.mpg', '.mpeg', '.vob'] },
  { label: '3GP', kind: 'video', extensions: ['.3gp', '.3g2'] },
  { label: 'OGV', kind: 'video', extensions: ['.ogv'] },
];
/** What the upload picker accepts: every image and video type, and the extensions above (browsers map some of them to no type). */
export const UPLOAD_ACCEPT = ['image/*', 'video/*', ...UPLOAD_FORMATS.flatMap((format) => format.extensions)].join(',');
/** The extensions of the video formats, without the dot. */
export const UPLOAD_VIDEO_EXTENSIONS: ReadonlySet<string> = new Set(
  UPLOAD_FORMATS.filter((format) => format.kind === 'video').flatMap((format) => format.extensions.map((extension) => extension.slice(1))),
);

// The ffmpeg demuxer for each video type the upload accepts (sniff.ts), named so ffmpeg never
// guesses a format (or a playlist that points elsewhere) from the bytes.

const DEMUXERS: Record<string, string> = {
  // ISO-BMFF: MP4, MOV, M4V, 3GP and 3G2 are one demuxer.
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/x-m4v': 'mov',
  'video/3gpp': 'mov',
  'video/3gpp2': 'mov',
  'video/webm': 'matroska',
  'video/x-matroska': 'matroska',
  'video/x-msvideo': 'avi',
  'video/x-ms-asf': 'asf',
  'video/x-flv': 'flv',
  'video/mp2t': 'mpegts',
  'video/mpeg': 'mpeg',
  'video/ogg': 'ogg',
};

/** The demuxer of a sniffed video type, or undefined for a type processing does not take. */
export function demuxerOf(mimeType: string): string | undefined {
  return DEMUXERS[mimeType];
}

/** Only local files, whatever the container refers to. */
export const INPUT_OPTIONS = ['-protocol_whitelist', 'file'] as const;

/** ffmpeg's input options for a stored original of this type: its demuxer, local files only. */
export function inputOptionsOf(mimeType: string): string[] | undefined {
  const demuxer = demuxerOf(mimeType);
  return demuxer ? ['-f', demuxer, ...INPUT_OPTIONS] : undefined;
}

import { describe, expect, test } from 'bun:test';
import { convertedSize, decidePlayback, indexRoom, type PlaybackProbe, remuxArgs, type VideoStream } from './playback.ts';

const video = (codec: string, more: Partial<VideoStream> = {}): VideoStream => ({
  index: 0,
  codec,
  pixelFormat: 'yuv420p',
  profile: codec === 'h264' ? 'High' : '',
  width: 1920,
  height: 1080,
  interlaced: false,
  frameRate: 25,
  frames: 0,
  reorderDelay: 0,
  ...more,
});
const audio = (codec: string, sampleRate = 48_000) => ({ index: 1, codec, sampleRate });

describe('decidePlayback: the cheapest rendition every browser plays', () => {
  test.each([
    ['video/mp4', video('h264'), audio('aac'), true, { playback: 'original' }],
    ['video/x-m4v', video('av1'), audio('opus'), true, { playback: 'original' }],
    ['video/mp4', video('h264'), null, true, { playback: 'original' }],
    ['video/webm', video('vp9'), audio('vorbis'), false, { playback: 'original' }],
    ['video/webm', video('vp8'), null, false, { playback: 'original' }],
    // The index at the end, another container, sound browsers lack: the streams are copied.
    ['video/mp4', video('h264'), audio('aac'), false, { playback: 'remuxed', audio: 'copy' }],
    ['video/quicktime', video('h264'), audio('pcm_s16le'), true, { playback: 'remuxed', audio: 'aac' }],
    ['video/x-matroska', video('h264'), audio('dts'), false, { playback: 'remuxed', audio: 'aac' }],
    ['video/x-matroska', video('av1'), audio('opus'), false, { playback: 'remuxed', audio: 'aac' }],
    ['video/mp2t', video('h264'), audio('mp3'), false, { playback: 'remuxed', audio: 'copy' }],
    ['video/mp4', video('h264'), audio('ac3'), true, { playback: 'remuxed', audio: 'aac' }],
    // Pictures browsers cannot decode are converted; AAC sound is kept.
    ['video/quicktime', video('hevc'), audio('aac'), true, { playback: 'converted', audio: 'copy' }],
    ['video/mp4', video('hevc'), audio('aac'), true, { playback: 'converted', audio: 'copy' }],
    ['video/mp4', video('h264', { pixelFormat: 'yuv420p10le', profile: 'High 10' }), audio('aac'), true, { playback: 'converted', audio: 'copy' }],
    ['video/mp4', video('h264', { profile: 'High 4:4:4 Predictive' }), audio('aac'), true, { playback: 'converted', audio: 'copy' }],
    ['video/x-matroska', video('vp9'), audio('opus'), false, { playback: 'converted', audio: 'aac' }],
    ['video/x-msvideo', video('mpeg4'), audio('mp3'), false, { playback: 'converted', audio: 'aac' }],
    ['video/ogg', video('theora'), null, false, { playback: 'converted', audio: 'none' }],
  ] as const)('%s %p %p, index first %p: %p', (mime, v, a, first, plan) => {
    expect(decidePlayback(mime, { video: v, audio: a }, first)).toEqual(plan);
  });
});

describe('convertedSize: the shorter side at most the limit, never bigger, even', () => {
  test.each([
    [3840, 2160, 1080, [1920, 1080]],
    [1080, 1920, 1080, [1080, 1920]],
    [2160, 3840, 1080, [1080, 1920]],
    [1280, 720, 1080, [1280, 720]],
    [161, 121, 1080, [160, 120]],
    [720, 576, 480, [600, 480]],
  ])('%d x %d at most %d lines: %p', (w, h, max, size) => {
    expect(convertedSize(w, h, max)).toEqual({ width: size[0]!, height: size[1]! });
  });
});

describe('indexRoom: the room kept at the start of a remux for its index', () => {
  const probe = (more: Partial<PlaybackProbe> = {}): PlaybackProbe => ({ video: video('h264'), audio: audio('ac3'), duration: 7200, ...more });
  test('two hours of 24 frames a second and 48 kHz sound: 48 bytes for each of their 510 000 frames, and 64 KB', () => {
    const room = indexRoom(probe({ video: video('h264', { frameRate: 24 }) }), { playback: 'remuxed', audio: 'aac' });
    expect(room).toBe(65_536 + Math.ceil((7200 * 24 + (7200 * 48_000) / 1024) * 48));
    // About 25 MB before 4 GB or more of pictures: under 1 %.
    expect(room! / 1024 ** 2).toBeLessThan(25);
  });
  test('a stated frame count larger than the rate promises wins; no sound, no room for it', () => {
    expect(indexRoom(probe({ duration: 10, video: video('h264', { frameRate: 25, frames: 1000 }) }), { playback: 'remuxed', audio: 'none' })).toBe(
      65_536 + 1000 * 48,
    );
  });
  test('no frame rate or sample rate stated: 60 frames and 96 kHz assumed', () => {
    expect(
      indexRoom(probe({ duration: 10, video: video('h264', { frameRate: 0 }), audio: audio('pcm_s16le', 0) }), { playback: 'remuxed', audio: 'aac' }),
    ).toBe(65_536 + Math.ceil((600 + (10 * 96_000) / 1024) * 48));
  });
  test('an unknown duration keeps no room: the index is moved after the file is written', () => {
    expect(indexRoom(probe({ duration: 0 }), { playback: 'remuxed', audio: 'copy' })).toBeNull();
  });
});

describe('remuxArgs: ffmpeg opens the film without decoding pictures only where that changes nothing', () => {
  const skips = (mimeType: string, more: Partial<VideoStream>) =>
    remuxArgs(mimeType, '/in', '/out.mp4', { playback: 'remuxed', audio: 'copy' }, { duration: 10, video: video('h264', more), audio: audio('aac') }).includes(
      '-skip_frame:v',
    );
  test.each([
    ['H.264 in Matroska, no B-frames', 'video/x-matroska', { reorderDelay: 0 }, true],
    ['H.264 in Matroska with B-frames: decoding times come from the reorder count', 'video/x-matroska', { reorderDelay: 2 }, false],
    ['H.264 in Matroska, the probe did not say', 'video/x-matroska', { reorderDelay: null }, false],
    ['H.264 in MPEG-TS: even its size is learnt by decoding', 'video/mp2t', { reorderDelay: 0 }, false],
    ['H.264 in MOV: its aspect may come from the picture', 'video/quicktime', { reorderDelay: 0 }, false],
    ['AV1 in Matroska', 'video/x-matroska', { codec: 'av1', reorderDelay: 0 }, false],
  ] as const)('%s', (_, mimeType, more, expected) => {
    expect(skips(mimeType, more)).toBe(expected);
  });
});

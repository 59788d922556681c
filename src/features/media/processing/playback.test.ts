import { describe, expect, test } from 'bun:test';
import { convertedSize, decidePlayback, type VideoStream } from './playback.ts';

const video = (codec: string, more: Partial<VideoStream> = {}): VideoStream => ({
  index: 0,
  codec,
  pixelFormat: 'yuv420p',
  profile: codec === 'h264' ? 'High' : '',
  width: 1920,
  height: 1080,
  interlaced: false,
  ...more,
});
const audio = (codec: string) => ({ index: 1, codec });

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

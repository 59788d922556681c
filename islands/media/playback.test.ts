import { describe, expect, test } from 'bun:test';
import { cueAt, keepsPlayback, parseScrubberVtt, parseTimestamp, positionToSave, resumePosition } from './playback.ts';

describe('resume offer', () => {
  test('offered from a few seconds in until 90 % of the way', () => {
    expect(resumePosition(192, 600)).toBe(192);
    expect(resumePosition(5, 600)).toBe(5);
    expect(resumePosition(4.9, 600)).toBeNull();
    expect(resumePosition(null, 600)).toBeNull();
    expect(resumePosition(undefined, 600)).toBeNull();
    // Past 90 %: watched.
    expect(resumePosition(540, 600)).toBe(540);
    expect(resumePosition(541, 600)).toBeNull();
    expect(resumePosition(589, 600)).toBeNull();
    expect(resumePosition(3300, 3600)).toBeNull();
    expect(resumePosition(3200, 3600)).toBe(3200);
    // A long film offers from 5 s in, not from its 5 % (six minutes of a two-hour film).
    expect(resumePosition(60, 7200)).toBe(60);
    // Unknown duration: any position past the first seconds.
    expect(resumePosition(30, null)).toBe(30);
    expect(resumePosition(3, null)).toBeNull();
  });

  test('a 12 s clip offers to resume between 5 % (at least its first second) and 90 % of it', () => {
    expect(resumePosition(6, 12)).toBe(6);
    expect(resumePosition(1, 12)).toBe(1);
    expect(resumePosition(10.5, 12)).toBe(10.5);
    expect(resumePosition(0.5, 12)).toBeNull();
    expect(resumePosition(11, 12)).toBeNull();
    expect(resumePosition(12, 12)).toBeNull();
    // A 40 s clip: from 2 s (its 5 %) to 36 s.
    expect(resumePosition(1.9, 40)).toBeNull();
    expect(resumePosition(2, 40)).toBe(2);
    expect(resumePosition(36, 40)).toBe(36);
    expect(resumePosition(36.5, 40)).toBeNull();
  });

  test('the position saved stays within the duration, to a tenth of a second', () => {
    expect(positionToSave(12.345, 60)).toBe(12.3);
    expect(positionToSave(60.04, 60)).toBe(60);
    expect(positionToSave(Number.NaN, 60)).toBeNull();
    expect(positionToSave(7.5, null)).toBe(7.5);
  });

  test('only hubs that send the playback fields are called', () => {
    expect(keepsPlayback({})).toBe(false);
    expect(keepsPlayback({ playCount: 0 })).toBe(true);
    expect(keepsPlayback({ playbackPosition: 12 })).toBe(true);
    expect(keepsPlayback({ playbackPosition: null })).toBe(false);
  });
});

describe('scrubber WebVTT', () => {
  const VTT = [
    '\uFEFFWEBVTT',
    '',
    'NOTE made by the hub',
    '',
    '1',
    '00:00:00.000 --> 00:00:02.000',
    'sprite-0.webp#xywh=0,0,160,90',
    '',
    '00:02.000 --> 00:04.000 align:start',
    'sprite-0.webp#xywh=160,0,160,90',
    '',
    '01:00:04.500 --> 01:00:06.000',
    '../other/sheet.webp#xywh=0,90,160,90',
    '',
    '00:00:06.000 --> 00:00:08.000',
    'broken.webp#xywh=0,0,0,90',
    '',
    'not a cue',
    '',
    '00:00:08.000 --> 00:00:10.000',
    'whole.jpg',
  ].join('\r\n');

  test('cues with their times and regions, relative to the file', () => {
    const cues = parseScrubberVtt(VTT, 'http://hub.test/media/abc/scrubber.vtt');
    expect(cues).toEqual([
      { start: 0, end: 2, image: 'http://hub.test/media/abc/sprite-0.webp', region: { x: 0, y: 0, w: 160, h: 90 } },
      { start: 2, end: 4, image: 'http://hub.test/media/abc/sprite-0.webp', region: { x: 160, y: 0, w: 160, h: 90 } },
      { start: 8, end: 10, image: 'http://hub.test/media/abc/whole.jpg', region: null },
      { start: 3604.5, end: 3606, image: 'http://hub.test/media/other/sheet.webp', region: { x: 0, y: 90, w: 160, h: 90 } },
    ]);
    expect(parseScrubberVtt('', 'http://hub.test/x.vtt')).toEqual([]);
    expect(parseScrubberVtt('<html>not found</html>', 'http://hub.test/x.vtt')).toEqual([]);
  });

  test('timestamps with and without hours', () => {
    expect(parseTimestamp('00:01.5')).toBe(1.5);
    expect(parseTimestamp('1:02:03.040')).toBe(3723.04);
    expect(parseTimestamp('nonsense')).toBeNaN();
  });

  test('the frame for a time is the last cue starting at or before it', () => {
    const cues = parseScrubberVtt(VTT, 'http://hub.test/media/abc/scrubber.vtt');
    expect(cueAt(cues, 0)?.region?.x).toBe(0);
    expect(cueAt(cues, 1.99)?.region?.x).toBe(0);
    expect(cueAt(cues, 2)?.region?.x).toBe(160);
    expect(cueAt(cues, 5)?.region?.x).toBe(160);
    expect(cueAt(cues, 9)?.image).toBe('http://hub.test/media/abc/whole.jpg');
    expect(cueAt(cues, 99_999)?.start).toBe(3604.5);
    expect(cueAt([], 3)).toBeNull();
  });
});

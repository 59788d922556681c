// A remux writes its index into room kept for it at the start, in one pass (decision 0040); when
// the room is too small, it is made again with the index moved. Either way the MP4 has its index
// first and every frame of the original.
import { afterAll, describe, expect, test } from 'bun:test';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../../../../test/helpers/test-app.ts';
import { ffmpeg, ffprobe, topLevelBoxes, videoSample } from '../../../../test/helpers/video-samples.ts';
import { decidePlayback, indexFirst, probePlayback, remuxArgs } from './playback.ts';
import { remux } from './transcode.ts';

const dir = tempDir('hub-remux-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Frames (packets) of each stream, as ffprobe counts them by reading the whole file. */
async function packets(file: string): Promise<Record<string, number>> {
  const proc = Bun.spawn(['ffprobe', '-v', 'error', '-count_packets', '-show_entries', 'stream=codec_type,nb_read_packets', '-of', 'json', file], {
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [text, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  if (code !== 0) throw new Error('ffprobe failed');
  const streams = (JSON.parse(text) as { streams: { codec_type: string; nb_read_packets: string }[] }).streams;
  return Object.fromEntries(streams.map((s) => [s.codec_type, Number(s.nb_read_packets)]));
}

describe('remux: an MP4 with its index first and every frame', () => {
  test.each([
    ['AC-3', 'room kept from the probe', undefined, 'mkvH264Ac3'],
    ['AC-3', 'room too small: made again with the index moved', 1024, 'mkvH264Ac3'],
    ['AC-3', 'no room (unknown duration): the index moved', null, 'mkvH264Ac3'],
    ['AAC (a pure stream copy)', 'room kept from the probe', undefined, 'mkvH264Aac'],
  ] as const)('H.264 + %s in Matroska, %s', async (_, __, room, name) => {
    const sample = await videoSample(name);
    const probe = await probePlayback(sample.path, sample.mimeType);
    const plan = decidePlayback(sample.mimeType, probe, false);
    if (plan.playback !== 'remuxed') throw new Error(`decided ${plan.playback}`);
    const out = path.join(dir, `${crypto.randomUUID()}.mp4`);
    await remux(sample.mimeType, sample.path, out, plan, probe, room === undefined ? {} : { room });
    const boxes = topLevelBoxes(new Uint8Array(readFileSync(out)));
    expect(boxes.slice(0, 2)).toEqual(['ftyp', 'moov']);
    expect(boxes).toContain('mdat');
    expect(await indexFirst(out)).toBe(true);
    const probed = await ffprobe(out);
    expect(probed.formatName).toContain('mp4');
    expect(probed.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    expect(probed.duration).toBeCloseTo(1, 1);
    const [before, after] = await Promise.all([packets(sample.path), packets(out)]);
    expect(after.video).toBe(before.video!);
  });

  test('a Matroska H.264 + AAC film with B-frames, read without a parser, gives the same MP4 as with one', async () => {
    const source = path.join(dir, 'b-frames.mkv');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=30:duration=2', '-f', 'lavfi', '-i', 'sine=duration=2'],
      ...['-c:v', 'libx264', '-preset', 'medium', '-bf', '3', '-g', '24', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-threads', '1', source],
    ]);
    const probe = await probePlayback(source, 'video/x-matroska');
    const plan = decidePlayback('video/x-matroska', probe, false);
    if (plan.playback !== 'remuxed') throw new Error(`decided ${plan.playback}`);
    const out = path.join(dir, 'b-frames.mp4');
    const args = remuxArgs('video/x-matroska', source, out, plan, probe);
    expect(args.join(' ')).toContain('-fflags +noparse');
    // ffmpeg makes Matroska's decoding times from the reorder count it learns by decoding: kept.
    expect(probe.video.reorderDelay).toBeGreaterThan(0);
    expect(args).not.toContain('-skip_frame:v');
    await remux('video/x-matroska', source, out, plan, probe);
    const parsed = path.join(dir, 'b-frames-parsed.mp4');
    await ffmpeg(remuxArgs('video/x-matroska', source, parsed, plan, probe).filter((a, i, all) => a !== '+noparse' && all[i + 1] !== '+noparse'));
    expect(Buffer.compare(readFileSync(out), readFileSync(parsed))).toBe(0);
    expect(await indexFirst(out)).toBe(true);
  });

  test.each([
    ['AAC (a pure stream copy)', 'mkvH264Aac'],
    ['AC-3 (made AAC)', 'mkvH264Ac3'],
  ] as const)('a Matroska H.264 + %s film without B-frames, opened without decoding a picture, gives the same MP4 as with', async (_, name) => {
    const sample = await videoSample(name);
    const probe = await probePlayback(sample.path, sample.mimeType);
    expect(probe.video.reorderDelay).toBe(0);
    const plan = decidePlayback(sample.mimeType, probe, false);
    if (plan.playback !== 'remuxed') throw new Error(`decided ${plan.playback}`);
    const out = path.join(dir, `${crypto.randomUUID()}.mp4`);
    expect(remuxArgs(sample.mimeType, sample.path, out, plan, probe).join(' ')).toContain('-skip_frame:v all -f matroska');
    await remux(sample.mimeType, sample.path, out, plan, probe);
    const decoded = path.join(dir, `${crypto.randomUUID()}.mp4`);
    await ffmpeg(remuxArgs(sample.mimeType, sample.path, decoded, plan, probe).filter((a, i, all) => a !== '-skip_frame:v' && all[i - 1] !== '-skip_frame:v'));
    expect(Buffer.compare(readFileSync(out), readFileSync(decoded))).toBe(0);
    expect(await indexFirst(out)).toBe(true);
    const [before, after] = await Promise.all([packets(sample.path), packets(out)]);
    expect(after.video).toBe(before.video!);
  });
});

import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../../../../test/helpers/test-app.ts';
import { runTool, runToolReading, ToolError } from './spawn.ts';

/** What `probe` gives once it gives something (a bounded poll). */
async function until<T>(probe: () => T | undefined): Promise<T> {
  for (let i = 0; i < 2_000; i++) {
    try {
      const value = probe();
      if (value !== undefined) return value;
    } catch {
      // not there yet
    }
    await Bun.sleep(10);
  }
  throw new Error('gave up waiting');
}

/** The process whose command line holds `text`, once ffmpeg has opened its input (undefined before). */
function pidRunning(text: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = (() => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      } catch {
        return '';
      }
    })();
    if (cmdline.includes(text) && cmdline.startsWith('ffmpeg')) return Number(entry);
  }
  return undefined;
}

describe('runTool', () => {
  test('passes arguments as they are, with no shell to expand them', async () => {
    const { stdout } = await runTool(['printf', '%s|', '$(echo hacked)', '; rm -rf /', '*'], { timeoutMs: 10_000 });
    expect(stdout).toBe('$(echo hacked)|; rm -rf /|*|');
  });

  test('a tool that fails is a ToolError with the end of what it said', async () => {
    const error = await runTool(['sh', '-c', 'echo broken input >&2; exit 3'], { timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toMatchObject({ message: 'sh exited with 3', stderr: 'broken input\n', interrupted: false, stopped: false });
  });

  test('a tool that runs past its time is killed, and that is not blamed on the file', async () => {
    const error = await runTool(['sleep', '30'], { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ToolError', message: 'sleep took longer than 0.2 s', interrupted: true, stopped: false });
  });

  test('the abort signal of a stopping queue kills the tool', async () => {
    const abort = new AbortController();
    const run = runTool(['sleep', '30'], { timeoutMs: 60_000, signal: abort.signal }).catch((e: unknown) => e);
    abort.abort();
    expect(await run).toMatchObject({ interrupted: true, stopped: true, message: 'sleep was stopped: processing is stopping' });
    expect(await runTool(['true'], { timeoutMs: 1000, signal: abort.signal }).catch((e: unknown) => e)).toMatchObject({ interrupted: true, stopped: true });
  });

  test("a tool runs in a process group of its own: a Ctrl-C to the hub's group does not reach it", async () => {
    const pgrp = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    const { stdout } = await runTool(['cat', '/proc/self/stat'], { timeoutMs: 10_000 });
    const child = Number(stdout.split(' ')[0]);
    expect(pgrp(stdout)).toBe(child);
    expect(pgrp(readFileSync('/proc/self/stat', 'utf8'))).not.toBe(child);
  });

  test.each(['SIGTERM', 'SIGKILL', 'SIGINT', 'SIGHUP'] as const)('a tool killed by %s from outside was stopped, not refused the file', async (signal) => {
    const marker = path.join(tempDir('hub-spawn-'), 'started');
    const run = runTool(['sh', '-c', `echo $$ > ${marker}; exec sleep 30`], { timeoutMs: 60_000 }).catch((e: unknown) => e);
    const pid = await until(() => Number(readFileSync(marker, 'utf8').trim()) || undefined);
    process.kill(pid, signal);
    expect(await run).toMatchObject({ name: 'ToolError', interrupted: true, stopped: true, message: `sh was stopped by ${signal}` });
  });

  test('ffmpeg stopped by SIGINT or SIGTERM (it exits with 255) was stopped; ffmpeg refusing a file was not', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      // A source of its own, so the test finds this ffmpeg among the machine's processes.
      const source = `testsrc2=size=160x120:rate=10:duration=${3_600 + Math.floor(Math.random() * 100_000)}`;
      let running = false;
      const run = runToolReading(
        ['ffmpeg', '-nostdin', '-v', 'error', '-nostats', '-progress', 'pipe:1', '-re', '-f', 'lavfi', '-i', source, '-f', 'null', '-'],
        { timeoutMs: 120_000 },
        async (stream) => {
          for await (const _ of stream as unknown as AsyncIterable<Uint8Array>) running = true;
        },
      ).catch((e: unknown) => e);
      // Once it reports progress, ffmpeg has its signal handlers: it stops and exits with 255.
      await until(() => running || undefined);
      process.kill(await until(() => pidRunning(source)), signal);
      expect(await run).toMatchObject({ tool: 'ffmpeg', interrupted: true, stopped: true, message: 'ffmpeg was stopped by a signal' });
    }
    const junk = path.join(tempDir('hub-spawn-'), 'junk.mov');
    writeFileSync(junk, new Uint8Array(4096).fill(7));
    const refused = await runTool(['nice', '-n', '19', 'ffmpeg', '-nostdin', '-v', 'error', '-i', `file:${junk}`, '-f', 'null', '-'], {
      timeoutMs: 60_000,
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ tool: 'ffmpeg', interrupted: false, stopped: false, message: 'ffmpeg exited with 1' });
  });

  test('a tool that crashes (SIGSEGV) failed on its input: not stopped', async () => {
    const error = await runTool(['sh', '-c', 'kill -SEGV $$'], { timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ interrupted: false, stopped: false, message: 'sh died of SIGSEGV' });
  });

  test('keeps only the end of a very talkative tool', async () => {
    const error = await runTool(['sh', '-c', 'yes complaint | head -c 1000000 >&2; exit 1'], { timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect((error as ToolError).stderr.length).toBe(2000);
  });
});

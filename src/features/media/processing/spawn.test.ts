import { describe, expect, test } from 'bun:test';
import { runTool, ToolError } from './spawn.ts';

describe('runTool', () => {
  test('passes arguments as they are, with no shell to expand them', async () => {
    const { stdout } = await runTool(['printf', '%s|', '$(echo hacked)', '; rm -rf /', '*'], { timeoutMs: 10_000 });
    expect(stdout).toBe('$(echo hacked)|; rm -rf /|*|');
  });

  test('a tool that fails is a ToolError with the end of what it said', async () => {
    const error = await runTool(['sh', '-c', 'echo broken input >&2; exit 3'], { timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toMatchObject({ message: 'sh exited with 3', stderr: 'broken input\n', interrupted: false });
  });

  test('a tool that runs past its time is killed, and that is not blamed on the file', async () => {
    const error = await runTool(['sleep', '30'], { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ToolError', message: 'sleep took longer than 0.2 s', interrupted: true });
  });

  test('the abort signal of a stopping queue kills the tool', async () => {
    const abort = new AbortController();
    const run = runTool(['sleep', '30'], { timeoutMs: 60_000, signal: abort.signal }).catch((e: unknown) => e);
    abort.abort();
    expect(await run).toMatchObject({ interrupted: true, message: 'sleep was stopped: processing is stopping' });
    expect(await runTool(['true'], { timeoutMs: 1000, signal: abort.signal }).catch((e: unknown) => e)).toMatchObject({ interrupted: true });
  });

  test('keeps only the end of a very talkative tool', async () => {
    const error = await runTool(['sh', '-c', 'yes complaint | head -c 1000000 >&2; exit 1'], { timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect((error as ToolError).stderr.length).toBe(2000);
  });
});

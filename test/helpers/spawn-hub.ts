// Starts the real server (bun src/main.ts) as a child process on a free port with its own data folder.

import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Subprocess } from 'bun';
import { tempDir } from './test-app.ts';

export const PROJECT_ROOT = path.join(import.meta.dir, '..', '..');
export const BUN = process.execPath;

export async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  await probe.stop(true);
  return port;
}

/** How long spawnHub waits for /healthz before it fails with the hub's output. */
export const HEALTHY_WITHIN_MS = 60_000;

export interface SpawnedHub {
  url: string;
  dataDir: string;
  process: Subprocess<'ignore', 'pipe', 'pipe'>;
  output(): string;
  /** Sends a signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number>;
  cleanup(): Promise<void>;
}

async function collect(stream: ReadableStream<Uint8Array>, into: string[]): Promise<void> {
  const decoder = new TextDecoder();
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) into.push(decoder.decode(chunk, { stream: true }));
}

/**
 * `command`: how the hub is started (bun src/main.ts by default), run in the project folder.
 * `detached`: in a process group of its own, as a terminal runs it: `process.kill(-pid, signal)`
 * then signals the hub and whatever it runs in that group, as Ctrl-C does, and not the tests.
 */
export async function spawnHub(
  env: Record<string, string> = {},
  options: { dataDir?: string; command?: string[]; detached?: boolean } = {},
): Promise<SpawnedHub> {
  const dataDir = options.dataDir ?? tempDir('hub-spawn-');
  const port = await freePort();
  const chunks: string[] = [];
  const child = Bun.spawn(options.command ?? [BUN, 'src/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // The tests' light password hashing (test/helpers/test-env.ts), when the runner set it.
      ...(process.env.HUB_TEST_PASSWORD_COST ? { HUB_TEST_PASSWORD_COST: process.env.HUB_TEST_PASSWORD_COST } : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    ...(options.detached ? { detached: true } : {}),
  });
  void collect(child.stdout, chunks);
  void collect(child.stderr, chunks);
  const url = `http://127.0.0.1:${port}`;
  // Idle, a hub answers within a second or two; on a loaded machine its start has taken over 15 s.
  // The bound only decides how long a hub that never starts takes to fail.
  const started = Date.now();
  const deadline = started + HEALTHY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`hub exited with ${child.exitCode}:\n${chunks.join('')}`);
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`hub did not answer /healthz within ${((Date.now() - started) / 1000).toFixed(0)} s:\n${chunks.join('')}`);
    }
    await Bun.sleep(100);
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => chunks.join(''),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return child.exited;
    },
    async cleanup() {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await child.exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

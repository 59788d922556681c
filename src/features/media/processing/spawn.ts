// Runs the media tools (ffprobe, ffmpeg, heif-convert): arguments as an array, never a shell, a
// time limit after which the tool is killed, and the job's abort signal. Each tool runs in a
// process group of its own, so a Ctrl-C in the hub's terminal (which signals the whole group)
// reaches the hub, which stops its jobs, and not the tools under them; a tool that dies by a
// signal all the same (a service manager signals every process of the service, the kernel's
// out-of-memory killer, someone's `kill`) was stopped, not refused the file (decision 0063).

import type { Subprocess } from 'bun';
import { JobInterruptedError } from '../../../jobs/queue.ts';

export interface ToolRun {
  stdout: string;
  stderr: string;
}

export class ToolError extends Error {
  constructor(
    readonly tool: string,
    message: string,
    readonly stderr = '',
    /** True when the tool ran out of time or was stopped, not when it refused the file. */
    readonly interrupted = false,
    /**
     * True when the tool was stopped before it could finish (killed by a signal, or the hub is
     * stopping): the work was cut off, and runs again; never a reason to give up on the file.
     */
    readonly stopped = false,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** A damaged video makes ffmpeg complain once per frame: only the end of that is kept, for the log. */
const STDERR_KEPT = 2000;

/** Signals that stop a process from outside; a crash (SIGSEGV, SIGABRT…) is the tool failing on the file. */
const STOP_SIGNALS = new Set(['SIGHUP', 'SIGINT', 'SIGQUIT', 'SIGKILL', 'SIGTERM']);

/** ffmpeg's exit status after it caught SIGINT or SIGTERM and stopped (fftools: `received_nb_signals ? 255 : …`). */
const FFMPEG_SIGNALLED = 255;

/** Tools running now: the hub's exit kills any still there (they are in groups of their own). */
const live = new Set<Subprocess>();
let exitHook = false;

/** The tool a command runs: the command itself, or what `nice -n N` runs. */
const toolOf = (command: readonly string[]) => (command[0] === 'nice' && command.length > 3 ? command[3]! : command[0]!);

export async function runTool(command: [string, ...string[]], options: { timeoutMs: number; signal?: AbortSignal; cwd?: string }): Promise<ToolRun> {
  let stdout = '';
  const { stderr } = await runToolReading(command, options, async (stream) => {
    stdout = await new Response(stream).text();
  });
  return { stdout, stderr };
}

/**
 * runTool with the tool's output handed to `read` as it comes (ffmpeg's -progress lines); resolves
 * with the end of what the tool said on stderr.
 */
export async function runToolReading(
  command: [string, ...string[]],
  options: { timeoutMs: number; signal?: AbortSignal; cwd?: string },
  read: (stdout: ReadableStream<Uint8Array>) => Promise<void>,
): Promise<{ stderr: string }> {
  const tool = toolOf(command);
  if (options.signal?.aborted) throw new ToolError(tool, `${tool} was not started: processing is stopping`, '', true, true);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const child of live) child.kill('SIGKILL');
    });
  }
  const proc = Bun.spawn(command, { cwd: options.cwd, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe', detached: true });
  live.add(proc);
  let reason: string | undefined;
  let stopped = false;
  const kill = (why: string, stop: boolean) => {
    if (reason === undefined) {
      reason = why;
      stopped = stop;
    }
    proc.kill('SIGKILL');
  };
  const timer = setTimeout(() => kill(`${tool} took longer than ${options.timeoutMs / 1000} s`, false), options.timeoutMs);
  const onAbort = () => kill(`${tool} was stopped: processing is stopping`, true);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const [, stderr, code] = await Promise.all([read(proc.stdout), lastChars(proc.stderr, STDERR_KEPT), proc.exited]);
    if (reason) throw new ToolError(tool, reason, stderr, true, stopped);
    const signal = proc.signalCode;
    // Stopped from outside, or dying while the hub stops: cut off, not refused.
    if (code !== 0 && options.signal?.aborted) throw new ToolError(tool, `${tool} was stopped: processing is stopping`, stderr, true, true);
    if (signal !== null && STOP_SIGNALS.has(String(signal))) throw new ToolError(tool, `${tool} was stopped by ${signal}`, stderr, true, true);
    if (tool === 'ffmpeg' && code === FFMPEG_SIGNALLED) throw new ToolError(tool, 'ffmpeg was stopped by a signal', stderr, true, true);
    if (code !== 0) throw new ToolError(tool, signal !== null ? `${tool} died of ${signal}` : `${tool} exited with ${code}`, stderr);
    return { stderr };
  } finally {
    live.delete(proc);
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * What a job handler throws for a tool that was stopped before it could finish: the queue puts
 * the job back (decision 0063); any other error as it was.
 */
export function stoppedToolAsInterruption(error: unknown): unknown {
  return error instanceof ToolError && error.stopped ? new JobInterruptedError(error.message) : error;
}

async function lastChars(stream: ReadableStream<Uint8Array>, count: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text = (text + decoder.decode(value, { stream: true })).slice(-count);
  }
}

// Runs the media tools (ffprobe, ffmpeg, heif-convert): arguments as an array, never a shell, a
// time limit after which the tool is killed, and the job's abort signal.

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
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** A damaged video makes ffmpeg complain once per frame: only the end of that is kept, for the log. */
const STDERR_KEPT = 2000;

export async function runTool(command: [string, ...string[]], options: { timeoutMs: number; signal?: AbortSignal; cwd?: string }): Promise<ToolRun> {
  const tool = command[0];
  if (options.signal?.aborted) throw new ToolError(tool, `${tool} was not started: processing is stopping`, '', true);
  const proc = Bun.spawn(command, { cwd: options.cwd, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  let reason: string | undefined;
  const kill = (why: string) => {
    reason ??= why;
    proc.kill('SIGKILL');
  };
  const timer = setTimeout(() => kill(`${tool} took longer than ${options.timeoutMs / 1000} s`), options.timeoutMs);
  const onAbort = () => kill(`${tool} was stopped: processing is stopping`);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), lastChars(proc.stderr, STDERR_KEPT), proc.exited]);
    if (reason) throw new ToolError(tool, reason, stderr, true);
    if (code !== 0) throw new ToolError(tool, `${tool} exited with ${code}`, stderr);
    return { stdout, stderr };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
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

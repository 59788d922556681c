// What a command of the CLI talks through: its output, its environment and its prompts (src/cli.ts
// builds it from the terminal; tests hand in their own).

export interface CliIO {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  /** Asks for a visible answer (or reads the next line of piped input). */
  readLine: (question: string) => Promise<string>;
  /** Asks for a secret without echoing it (or reads the next line of piped input). */
  readSecret: (question: string) => Promise<string>;
  /** Whether a person is typing (then new passwords are asked twice). */
  interactive: boolean;
  /** Rewrites one status line in place (stdout is a terminal); without it, progress comes as lines. */
  status?: (line: string) => void;
}

// The one error processing reports to a user: the file itself cannot be read, in plain words.

/**
 * The file's bytes are not a picture or a video the tools can read. Retrying cannot help, and the
 * message is what the item's `failure` shows, so it never carries a path or a tool's output.
 */
export class UnreadableMediaError extends Error {
  constructor(
    message: string,
    /** What the tool said, for the log only. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'UnreadableMediaError';
  }
}

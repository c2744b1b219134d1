/** The CLI's output channel and its one failure type (the plugin contract refers to these). */

/** A failure the CLI reports as `Error: <message>` with a non-zero exit code. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Whether stdout is a terminal (progress bars only then). */
  isTTY: boolean;
}

/** What every CLI command receives: the global flags, a lazily booted kernel, and output helpers. */
import type { Command } from 'commander';
// start.ts is imported lazily: a command that never touches the database does not load the kernel.
import type { Distribution, FirstStartReport } from '../start.ts';
import { loadConfig, type PanelConfig } from '../config.ts';
import type { Kernel } from '../kernel.ts';
import { FORMATS, formatObject, formatRows, type Format, type Row } from './format.ts';

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

export class CliContext {
  readonly io: CliIO;
  readonly config: PanelConfig;
  /** The plugins the panel ships with (from the composition root). */
  readonly distribution: Distribution;
  #kernel?: Promise<Kernel>;

  constructor(io: CliIO, distribution: Distribution, config: PanelConfig = loadConfig()) {
    this.io = io;
    this.distribution = distribution;
    this.config = config;
  }

  /** What first start did when this command booted the panel (site `default`, first operator). */
  firstStart?: FirstStartReport;

  /** The panel, booted on first use; an empty panel gets site `default` and the first operator (first start). */
  kernel(): Promise<Kernel> {
    this.#kernel ??= import('../start.ts').then(async ({ bootPanel, firstStart }) => {
      const kernel = await bootPanel(this.config, this.distribution);
      this.firstStart = await firstStart(kernel);
      return kernel;
    });
    return this.#kernel;
  }

  async close(): Promise<void> {
    if (this.#kernel) await (await this.#kernel).close();
  }

  /** The global `--site` and `--format` of the command (defaults `default` and `table`). */
  globals(cmd: Command): { site: string; format: Format } {
    const opts = cmd.optsWithGlobals() as { site?: string; format?: string };
    const format = (opts.format ?? 'table') as Format;
    if (!(FORMATS as readonly string[]).includes(format)) {
      throw new CliError(`Unknown format "${format}"; use one of ${FORMATS.join(', ')}.`, 2);
    }
    return { site: opts.site ?? 'default', format };
  }

  printRows(cmd: Command, rows: Row[], fields: string[]): void {
    this.io.out(formatRows(rows, fields, this.globals(cmd).format));
  }

  printObject(cmd: Command, obj: Row): void {
    this.io.out(formatObject(obj, this.globals(cmd).format));
  }
}

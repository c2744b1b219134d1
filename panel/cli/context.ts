/** What every CLI command receives: the global flags, a lazily booted kernel, and output helpers. */
import type { Command } from 'commander';
// start.ts is imported lazily: a command that never touches the database does not load the kernel.
import type { Distribution, FirstStartReport } from '../start.ts';
import { loadConfig, type PanelConfig } from '../config.ts';
import type { Kernel } from '../kernel.ts';
import { FORMATS, formatObject, formatRows, type Format, type Row } from './format.ts';

import { CliError, type CliIO } from './io.ts';
import type { Actor } from '../actor.ts';
import { siteRole } from '../membership.ts';
import { findOperator } from '../operators.ts';
import type { PluginCli } from '../plugin.ts';
import type { Site } from '../site.ts';

export { CliError, type CliIO };

/** Who a read-only command without `--user` acts as: the local shell (whoever runs the CLI can read the database anyway). */
const SHELL: Actor = { operatorId: 0, email: 'local shell', owner: true, role: 'administrator', via: 'cli' };

export class CliContext implements PluginCli {
  readonly io: CliIO;
  readonly config: PanelConfig;
  /** The plugins the panel ships with (from the composition root). */
  readonly distribution: Distribution;
  #kernel?: Promise<Kernel>;
  /** The kernel once booted, even when first start then failed: close() must still close its databases. */
  #booted?: Kernel;

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
      this.#booted = kernel;
      this.firstStart = await firstStart(kernel);
      return kernel;
    });
    return this.#kernel;
  }

  async site(id: string): Promise<Site> {
    return (await this.kernel()).site(id);
  }

  /**
   * Who a command acts as. Commands that change store state need `--user=<email|id>` and then run
   * with that operator's role on the site, exactly as over REST: an operator who is no member of the
   * site is refused as REST would answer 404. Read-only commands without `--user` act as the shell.
   */
  async actor(site: Site, user: string | true | undefined, what: string | null): Promise<Actor> {
    if (user === undefined || user === true || user === '') {
      if (what) throw new CliError(`${what} changes store state, so it needs an explicit user: add --user=<email|id> of an operator allowed to use the Seeder.`);
      return SHELL;
    }
    const { panelDb } = await this.kernel();
    const op = await findOperator(panelDb, user);
    if (!op) throw new CliError(`No operator "${user}". List them with: panel operator list`);
    if (op.disabled) throw new CliError(`Operator ${op.email} is disabled.`);
    const actor: Actor = { operatorId: op.id, email: op.email, owner: op.owner, via: 'cli' };
    const role = await siteRole(panelDb, actor, site.id);
    if (!role) throw new CliError(`Operator ${op.email} is not a member of site "${site.id}". Add them with: panel member add --site=${site.id} --user=${op.email} --role=<role>`);
    return { ...actor, role };
  }

  async close(): Promise<void> {
    // A failed boot or first start is being reported already: close what was opened, without throwing it again.
    await this.#kernel?.catch(() => undefined);
    await this.#booted?.close();
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

/**
 * `panel seeder <command>` subcommands other plugins add through `seeder_cli_commands`, each built
 * from an endpoint declaration (controllers/hooks.ts `CliCommandDeclaration`): flags are derived from
 * its parameter schema (`--name=value`, coerced and validated as the endpoint flags are), `--user`
 * names the operator, the Seeder's capability is checked, and the answer is printed in `--format`.
 *
 * The declarations are a site's (the filter runs on its bus), so they are read only when the command
 * asked for is not one of the Seeder's own, or when `panel seeder` is asked for its command list
 * (`panel seeder`, `panel seeder --help`, `panel seeder help`): `panel seeder generate` never opens a site for this.
 */
import type { Command } from 'commander';
import { assertCanUseSeeder } from '../controllers/access.ts';
import { seederHooks, type CliCommandDeclaration } from '../controllers/hooks.ts';
import { valueChecker } from '../generators/schema.ts';
import type { JSONSchema } from '../generators/json-schema.ts';
import { CliError } from '../panel/cli/io.ts';
import type { PluginCli } from '../panel/plugin.ts';
import { coerce, splitFlags } from './flags.ts';
import { seederSite } from './seeder.ts';

const NAME = /^[a-z][a-z0-9-]{0,63}$/;

/** The subcommand `panel seeder` is asked to run (the first operand after `seeder`), if any. */
function requested(rawArgs: readonly string[]): string | undefined {
  const at = rawArgs.indexOf('seeder');
  return at < 0 ? undefined : rawArgs.slice(at + 1).find((a) => !a.startsWith('-'));
}

/** Problems of one declaration, or undefined. */
function problem(d: Partial<CliCommandDeclaration> | null, taken: ReadonlySet<string>): string | undefined {
  if (!d || typeof d !== 'object') return 'it is not an object';
  if (typeof d.name !== 'string' || !NAME.test(d.name)) return 'its name must be lowercase letters, digits and -';
  if (taken.has(d.name)) return `"${d.name}" is already a command`;
  if (typeof d.summary !== 'string' || d.summary === '') return 'it has no summary';
  if (typeof d.run !== 'function') return 'it has no run function';
  if (d.params !== undefined && (typeof d.params !== 'object' || d.params.type !== 'object')) return 'its params are not an object schema';
  return undefined;
}

/**
 * Adds the declared subcommands when `panel seeder <name>` names none of the Seeder's own, and when the
 * command list is asked for (no subcommand, or `help`), so `panel seeder --help` lists them.
 */
export async function registerPluginCommands(seeder: Command, ctx: PluginCli, rawArgs: readonly string[]): Promise<void> {
  if (!rawArgs.includes('seeder')) return;
  const name = requested(rawArgs);
  const own = new Set(seeder.commands.map((c) => c.name()));
  if (name !== undefined && name !== 'help' && own.has(name)) return;
  const site = await seederSite(ctx, seeder).catch(() => undefined);
  if (!site) return; // The Seeder's own error for the site comes from commander's unknown-command answer.
  const declared: unknown = seederHooks(site).applyFilters('seeder_cli_commands', []);
  for (const d of Array.isArray(declared) ? (declared as Partial<CliCommandDeclaration>[]) : []) {
    const why = problem(d, own);
    if (why) {
      process.emitWarning(`A seeder_cli_commands entry was ignored: ${why}.`, { code: 'SEEDER_BAD_CLI_COMMAND' });
      continue;
    }
    const decl = d as CliCommandDeclaration;
    own.add(decl.name);
    seeder
      .command(decl.name)
      .description(decl.summary)
      .helpOption(false)
      .allowUnknownOption()
      .allowExcessArguments()
      .action(async (_opts: unknown, cmd: Command) => runDeclared(ctx, cmd, decl));
  }
}

async function runDeclared(ctx: PluginCli, cmd: Command, decl: CliCommandDeclaration): Promise<void> {
  const properties = (decl.params?.properties ?? {}) as Record<string, JSONSchema>;
  const params: Record<string, unknown> = {};
  let user: string | true | undefined;
  for (const [flag, value] of splitFlags(cmd.args, new Set())) {
    if (flag === 'user') user = value;
    else if (flag === 'help') {
      const lines = Object.entries(properties).map(([n, s]) => `  --${n}  ${String(s.description ?? '')}${s.default !== undefined ? ` (default ${JSON.stringify(s.default)})` : ''}`);
      ctx.io.out(`${decl.summary}\n\nParameters:\n${lines.join('\n')}\n  --user  operator (email or id)`);
      return;
    } else if (!(flag in properties)) {
      throw new CliError(`Unknown flag --${flag}. Accepted parameters: ${Object.keys(properties).sort().join(', ') || 'none'}.`, 2);
    } else params[flag] = coerce(flag, value, properties[flag] as Record<string, unknown>);
  }
  const problems: string[] = [];
  for (const [n, s] of Object.entries(properties)) {
    if (params[n] === undefined && s.default !== undefined) params[n] = structuredClone(s.default);
    if (params[n] === undefined) {
      if (decl.params?.required?.includes(n)) problems.push(`--${n} is required`);
      continue;
    }
    const wrong = valueChecker(s)(params[n]);
    if (wrong) problems.push(`--${n} ${wrong}`);
  }
  if (problems.length > 0) throw new CliError(`Invalid parameter(s): ${problems.join('; ')}.`, 2);
  const site = await seederSite(ctx, cmd);
  await assertCanUseSeeder(site, await ctx.actor(site, user, null));
  const answer = await decl.run(params, { site });
  if (typeof answer === 'object' && answer !== null) ctx.printObject(cmd, answer as Record<string, unknown>);
  else if (answer !== undefined) ctx.io.out(String(answer));
}

/**
 * `panel seeder ...`: the Seeder's command line. Every command converts its flags to the plain
 * parameter object of the endpoint and calls the same controller as REST and MCP.
 */
import type { Command } from 'commander';
import { normaliseResourceName, RESOURCES, type ResourceName } from '../generators/resources.ts';
import { endpointSchema, offsetRefusal } from '../controllers/params.ts';
import { rowsStandAlone } from '../generators/registry.ts';
import { CliError } from '../panel/cli/io.ts';
import { retryStats } from '../panel/transient.ts';
import type { PluginCli } from '../panel/plugin.ts';
import type { Site } from '../panel/site.ts';
import type { Actor } from '../panel/actor.ts';
import { siteLocales } from '../controllers/locales.ts';
import { CLEANUP_PARAMETERS, cleanup, ledgerSummary } from '../controllers/cleanup.ts';
import { generate, preview, type GenerateResult } from '../controllers/generate.ts';
import { previewTable } from './preview-table.ts';
import { generateMany } from '../controllers/generate-many.ts';
import { MAX_TOTAL, shardRange, type Shard } from '../controllers/runs.ts';
import { inputLimits, limitsText } from '../controllers/endpoints.ts';
import { platforms, setPlatformTarget } from '../controllers/platforms.ts';
import type { SeederRequest } from '../controllers/request.ts';
import { parseEndpointFlags, splitFlags, unknownAction, unknownFlag, wantsHelp } from './flags.ts';
import { nearest } from '../lib/nearest.ts';
import { Progress } from './progress.ts';
import { registerRecipeCli } from './recipes.ts';

function resourceArg(input: string | undefined): ResourceName {
  const r = input ? normaliseResourceName(input) : undefined;
  if (!r) {
    const bases = RESOURCES.map((x) => x.base);
    const near = input ? nearest(input, bases) : undefined;
    throw new CliError(`${input ? `Unknown resource "${input}"` : 'Name a resource'}.${near ? ` Did you mean "${near}"?` : ''} Resources: ${bases.join(', ')}.`, 2);
  }
  return r;
}

/** A command's positional argument, unless it is a flag (`generate --help`): then it belongs to the flags. */
function positional(input: string | undefined, rest: string[]): [string | undefined, string[]] {
  return input?.startsWith('-') ? [undefined, [input, ...rest]] : [input, rest];
}

/** `generate --help` / `preview --help`: the command's help, and with a resource its parameters. */
async function endpointHelp(ctx: PluginCli, cmd: Command, resourceInput: string | undefined): Promise<void> {
  ctx.io.out(cmd.helpInformation().trimEnd());
  ctx.io.out(resourceInput ? `\n${parameterHelp(resourceArg(resourceInput), await seederSite(ctx, cmd))}` : `\npanel seeder ${cmd.name()} <resource> --help lists the parameters of a resource.`);
}

/** The `--site` site, refusing one where the Seeder is not active. */
export async function seederSite(ctx: PluginCli, cmd: Command): Promise<Site> {
  const { site: siteId } = ctx.globals(cmd);
  const site = await ctx.site(siteId);
  if (!site.isActive('seeder')) throw new CliError(`The Seeder is not active on site "${siteId}". Activate it with: panel plugin activate seeder --site=${siteId}`);
  return site;
}

function parameterHelp(resource: ResourceName, site: Site): string {
  const props = (endpointSchema(site, resource).properties ?? {}) as Record<string, { description?: string; default?: unknown; type?: unknown }>;
  const lines = Object.entries(props).map(([name, s]) => {
    const def = s.default !== undefined ? ` (default ${JSON.stringify(s.default)})` : '';
    return `  --${name}  ${s.description ?? ''}${def}`;
  });
  return `Parameters of ${resource} (lists comma-separated, objects as JSON):\n${lines.join('\n')}`;
}

function printGenerate(ctx: PluginCli, cmd: Command, result: GenerateResult, porcelain: boolean): void {
  if (porcelain) {
    ctx.io.out(String(result.created_count));
    return;
  }
  const { format } = ctx.globals(cmd);
  if (format === 'json' || format === 'yaml') {
    ctx.printObject(cmd, result);
    return;
  }
  ctx.printRows(cmd, result.created as unknown as Record<string, unknown>[], ['id', 'key', 'summary']);
  if (format === 'table') {
    ctx.io.out(`Created ${result.created_count} of ${result.requested} ${result.resource} on ${result.platform} (seed ${result.seed}, run ${result.run_id}).`);
    if (result.failed) ctx.io.out(`Failed: ${result.failed}. ${result.errors.join(' ')}`);
    if (result.ignored_parameters.length) ctx.io.out(`Ignored by ${result.platform}: ${result.ignored_parameters.join(', ')}.`);
  }
}

const GENERATE_OWN = ['user', 'total', 'shard', 'run_id', 'porcelain', 'help'];

/** `--shard=k/n` (with `--total`): shard k of n of the run; anything else is a usage error. */
function shardFlag(resource: ResourceName, value: unknown, total: number | undefined, seed: unknown): Shard | undefined {
  if (value === undefined) return undefined;
  if (total === undefined) throw new CliError('--shard=k/n splits a --total run: give --total too.', 2);
  const m = /^(\d+)\/(\d+)$/.exec(String(value));
  const shard = m ? { index: Number(m[1]), of: Number(m[2]) } : undefined;
  if (!shard || shard.of < 1 || shard.index < 1 || shard.index > shard.of) throw new CliError(`--shard takes k/n with 1 <= k <= n (e.g. --shard=2/4), not "${String(value)}".`, 2);
  if (shard.of > total) throw new CliError(`--shard=${shard.index}/${shard.of}: a run of ${total} splits into at most ${total} shards.`, 2);
  if (seed === undefined) throw new CliError('--shard needs --seed: every shard of a run must use the same seed.', 2);
  // The controller refuses it too (422 naming shard); here the reason is worth a line of its own.
  if (!rowsStandAlone(resource)) throw new CliError(`--shard ${offsetRefusal(resource)}.`, 2);
  return shard;
}

async function runGenerate(ctx: PluginCli, cmd: Command, resourceArgument: string | undefined, args: string[]): Promise<void> {
  const [resourceInput, rest] = positional(resourceArgument, args);
  if (wantsHelp(rest)) return endpointHelp(ctx, cmd, resourceInput);
  const resource = resourceArg(resourceInput);
  const site = await seederSite(ctx, cmd);
  const { own, params } = parseEndpointFlags(resource, endpointSchema(site, resource), rest, GENERATE_OWN, ['porcelain', 'help']);
  const req: SeederRequest = { site, actor: await ctx.actor(site, own.user, `generate ${resource}`) };
  const porcelain = own.porcelain === true;
  // --run_id is the run id of the rows written (the parameter recipe_run), as `cleanup --run_id` reads it.
  if (own.run_id !== undefined) {
    if (params.recipe_run !== undefined && params.recipe_run !== own.run_id) throw new CliError('--run_id and --recipe_run name the same thing; give one.', 2);
    params.recipe_run = String(own.run_id);
  }

  if (own.total === undefined) {
    if (own.shard !== undefined) shardFlag(resource, own.shard, undefined, params.seed);
    printGenerate(ctx, cmd, await generate(req, resource, params), porcelain);
    return;
  }
  // --total=N: generateMany splits it into requests, derives their seeds and runs them under one run id.
  const total = Number(own.total);
  if (!Number.isSafeInteger(total) || total < 1 || total > MAX_TOTAL) throw new CliError(`--total takes a whole number from 1 to ${MAX_TOTAL}.`, 2);
  const shard = shardFlag(resource, own.shard, total, params.seed);
  const range = shard ? shardRange(total, shard) : { start: 0, end: total };
  const part = shard ? ` (shard ${shard.index}/${shard.of}: rows ${range.start}-${range.end - 1} of ${total})` : '';
  const progress = new Progress(range.end - range.start, `Generating ${resource}${part}`);
  // A named run (--run_id, or a shard's run id) keys its requests: the same command again replays what was written.
  const idempotent = params.recipe_run !== undefined || shard !== undefined;
  const summary = await generateMany(req, resource, params, total, { onProgress: (n) => progress.tick(n), idempotent, ...(shard ? { shard } : {}) });
  progress.finish();
  if (summary.created_count === 0) {
    throw new CliError(`Created none of ${summary.requested} ${resource}${part}: ${summary.stopped?.message ?? summary.errors.join(' ')}`);
  }
  if (porcelain) {
    ctx.io.out(String(summary.created_count));
    return;
  }
  if (ctx.globals(cmd).format !== 'table') {
    ctx.printObject(cmd, summary as unknown as Record<string, unknown>);
    return;
  }
  const { created_count: created, failed, errors, seed, run_id: runId } = summary;
  ctx.io.out(`Created ${created} of ${summary.requested} ${resource}${part} on ${summary.platform} (seed ${seed}, run ${runId}).${failed ? ` Failed: ${failed}. ${[...errors, summary.stopped?.message ?? ''].join(' ').trim()}` : ''}`);
  // Batches the database aborted (deadlocks, cluster conflicts) and that ran again, whole: worth knowing on a busy cluster.
  if (retryStats.retries > 0) ctx.io.out(`Ran ${retryStats.retries} aborted write(s) again (deadlocks or cluster conflicts); nothing was written twice.`);
  ctx.io.out(`Undo with: panel seeder cleanup --run_id=${runId} --site=${site.id} --user=${String(own.user)}`);
}

async function runPreview(ctx: PluginCli, cmd: Command, resourceArgument: string | undefined, args: string[]): Promise<void> {
  const [resourceInput, rest] = positional(resourceArgument, args);
  if (wantsHelp(rest)) return endpointHelp(ctx, cmd, resourceInput);
  const resource = resourceArg(resourceInput);
  const site = await seederSite(ctx, cmd);
  const { own, params } = parseEndpointFlags(resource, endpointSchema(site, resource), rest, ['user', 'help'], ['help']);
  const result = await preview({ site, actor: await ctx.actor(site, own.user, null) }, resource, params);
  const { format } = ctx.globals(cmd);
  if (format === 'table') {
    const table = previewTable(result);
    ctx.printRows(cmd, table.rows, table.fields);
    ctx.io.out(`${result.count} ${resource} previewed (seed ${result.seed}${result.platform ? `, existing records from ${result.platform}` : ''}); nothing was written.`);
    if (result.references === 'stand-in') ctx.io.out(result.references_note);
  } else if (format === 'csv') {
    const rows = result.rows as Record<string, unknown>[];
    ctx.printRows(cmd, rows, Object.keys(rows[0] ?? {}));
  } else {
    ctx.printObject(cmd, result as unknown as Record<string, unknown>);
  }
}

function ownFlags(argv: string[], allowed: string[], booleans: string[] = []): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (const [name, value] of splitFlags(argv, new Set(booleans))) {
    if (!allowed.includes(name)) throw unknownFlag(name, allowed);
    out[name] = value;
  }
  return out;
}

const CLEANUP_ACTIONS = ['status', 'delete', 'forget'];

async function runCleanup(ctx: PluginCli, cmd: Command, action: string | undefined, rest: string[]): Promise<void> {
  if (wantsHelp(rest)) {
    ctx.io.out(cmd.helpInformation().trimEnd());
    // Bounds and defaults as the endpoint table declares them (what REST enforces too).
    const flags = CLEANUP_PARAMETERS.filter((p) => p.name !== 'forget').map((p) => {
      const limits = limitsText(inputLimits('cleanup', p.name));
      return `  --${p.name}  ${p.description}${limits ? ` (${limits})` : ''}`;
    });
    ctx.io.out(`\nFlags:\n${flags.join('\n')}\n  --yes  confirm a delete or forget that names no run or resource\n  --user  operator (email or id); needed to delete or forget`);
    return;
  }
  // The endpoint's parameters as flags; `forget` is the action, not a flag.
  const parameters = CLEANUP_PARAMETERS.map((p) => p.name).filter((name) => name !== 'forget');
  const flags = ownFlags(rest, [...parameters, 'yes', 'user'], ['yes']);
  const site = await seederSite(ctx, cmd);
  const mode = action ?? (flags.run_id !== undefined ? 'delete' : 'status');
  if (!CLEANUP_ACTIONS.includes(mode)) throw unknownAction('cleanup', mode, CLEANUP_ACTIONS);
  const value = (name: string) => (flags[name] === true ? undefined : flags[name]);
  const filter = { resource: value('resource'), platform: value('platform'), run_id: value('run_id') };

  if (mode === 'status') {
    const summary = await ledgerSummary({ site, actor: await ctx.actor(site, flags.user, null) }, filter);
    ctx.printRows(cmd, summary.by_resource, ['resource', 'platform', 'count']);
    if (ctx.globals(cmd).format === 'table') ctx.io.out(`${summary.total} ledger row(s) in ${summary.runs.length} run(s).`);
    return;
  }
  const req: SeederRequest = { site, actor: await ctx.actor(site, flags.user, `cleanup ${mode}`) };
  // Deleting everything the Seeder ever wrote needs --yes; undoing one run or one resource is targeted.
  if (!filter.run_id && !filter.resource && flags.yes !== true) {
    throw new CliError(
      `cleanup ${mode} without --run_id or --resource touches every generated record${filter.platform ? ` in ${filter.platform}` : ' in every store'}; repeat with --yes to confirm.`,
    );
  }
  const limit = flags.limit === undefined || flags.limit === true ? undefined : flags.limit;
  let deleted = 0;
  let result = await cleanup(req, { ...filter, limit, forget: mode === 'forget' });
  deleted += result.deleted;
  const errors = new Set(result.errors);
  const progress = new Progress(result.deleted + result.remaining, mode === 'forget' ? 'Forgetting' : 'Deleting');
  progress.tick(result.deleted);
  // Repeat until nothing is left that a further call could delete (refused rows are reported once and kept).
  while (result.remaining > 0 && result.deleted > 0) {
    result = await cleanup(req, { ...filter, limit, forget: mode === 'forget' });
    deleted += result.deleted;
    for (const e of result.errors) errors.add(e);
    progress.tick(result.deleted);
  }
  progress.finish();
  const report = { deleted, remaining: result.remaining, refused: result.refused, left_alone: result.left_alone, errors: [...errors], forgot: mode === 'forget' };
  if (ctx.globals(cmd).format !== 'table') {
    ctx.printObject(cmd, report);
    return;
  }
  ctx.io.out(`${mode === 'forget' ? 'Forgot' : 'Deleted'} ${deleted} record(s); ${result.remaining} remaining.`);
  for (const e of errors) ctx.io.out(`- ${e}`);
}

/** What the commands need from the Seeder's other surfaces, handed in by the plugin (cli/ imports no other surface). */
export interface SeederCliSurfaces {
  /** Serves the MCP tools on stdin/stdout until the client closes (`panel seeder mcp`). */
  serveMcpStdio(site: Site, actor: Actor): Promise<void>;
}

/** Adds the subcommands to `panel seeder` (the plugin makes the command itself, cheaply, for `panel --help`). */
export function registerSeederCli(seeder: Command, ctx: PluginCli, surfaces: SeederCliSurfaces): void {

  seeder
    .command('generate')
    .description(
      'Generate records of a resource: panel seeder generate orders --count=10 --user=admin@example.com; ' +
        'any number with --total=N (--run_id=<id> names the run; --shard=k/n --seed=<seed> makes shard k of n of it)',
    )
    .argument('[resource]', `one of: ${RESOURCES.map((r) => r.base).join(', ')}`)
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (resource: string | undefined, _opts: unknown, cmd: Command) => runGenerate(ctx, cmd, resource, cmd.args.slice(1)));

  seeder
    .command('preview')
    .description('Show what generate would write, writing nothing: panel seeder preview products --count=3')
    .argument('[resource]', 'a resource (see generate)')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (resource: string | undefined, _opts: unknown, cmd: Command) => runPreview(ctx, cmd, resource, cmd.args.slice(1)));

  seeder
    .command('platforms')
    .description('Drivers, their capability matrices and the target; --set=<id|auto> stores the site-wide target.')
    .option('--set <platform>', 'store the site-wide target platform (auto clears it)')
    .option('--user <user>', 'operator (email or id); required with --set')
    .action(async (opts: { set?: string; user?: string }, cmd: Command) => {
      const site = await seederSite(ctx, cmd);
      const actor = await ctx.actor(site, opts.user, opts.set !== undefined ? 'platforms --set' : null);
      if (opts.set !== undefined) await setPlatformTarget({ site, actor }, { platform: opts.set });
      const report = await platforms({ site, actor });
      if (ctx.globals(cmd).format !== 'table') {
        ctx.printObject(cmd, report as unknown as Record<string, unknown>);
        return;
      }
      ctx.printRows(
        cmd,
        report.platforms.map((p) => ({
          id: p.id,
          label: p.label,
          active: p.active ? 'yes' : 'no',
          version: p.version,
          extensions: p.extensions.map((e) => `${e.slug}${e.active ? '' : ' (inactive)'}`).join(', '),
          unsupported: Object.entries(p.capabilities).filter(([, c]) => c.status === 'unsupported' || c.status === 'missing_extension').map(([r]) => r).join(', '),
        })),
        ['id', 'label', 'active', 'version', 'extensions', 'unsupported'],
      );
      const t = report.target;
      ctx.io.out(`Target: ${t.stored ?? 'auto'}; resolves to ${t.resolved ?? (t.ambiguous ? `nothing (choose one of ${t.candidates.join(', ')})` : 'nothing (no active store)')}.`);
    });

  seeder
    .command('locales')
    .description('The supported locales.')
    .option('--search <text>', 'only codes or labels containing this')
    .action(async (opts: { search?: string }, cmd: Command) => {
      const site = await seederSite(ctx, cmd);
      const list = siteLocales(site);
      const needle = opts.search?.toLowerCase();
      const rows = list.filter((l) => !needle || l.code.toLowerCase().includes(needle) || l.label.toLowerCase().includes(needle));
      ctx.printRows(cmd, rows as unknown as Record<string, unknown>[], ['code', 'label']);
    });

  seeder
    .command('cleanup')
    .description(
      'Ledger status, or delete/forget what the Seeder wrote: panel seeder cleanup --run_id=<id> --user=<email>; ' +
        'narrow with --resource, --platform (one store) and --run_id',
    )
    .argument('[action]', 'status (default), delete or forget')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (action: string | undefined, _opts: unknown, cmd: Command) => {
      const args = cmd.args;
      const first = args[0] && !args[0].startsWith('--') ? args[0] : undefined;
      await runCleanup(ctx, cmd, first, first ? args.slice(1) : args);
      void action;
    });

  registerRecipeCli(seeder, ctx, { seederSite });

  seeder
    .command('mcp')
    .description('Serve the Seeder MCP tools over stdio for an MCP client.')
    .requiredOption('--user <user>', 'operator (email or id) the tools act as')
    .action(async (opts: { user: string }, cmd: Command) => {
      const site = await seederSite(ctx, cmd);
      const actor = await ctx.actor(site, opts.user, 'mcp');
      await surfaces.serveMcpStdio(site, actor);
    });
}

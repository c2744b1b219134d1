/**
 * `panel seeder recipe ...` and `panel seeder sample-data ...`: the same controllers as REST. Commands
 * that write store records or files (recipe run, recipe sync, sample-data consent, revoke, sync) need
 * `--user`, and run with that operator's capabilities. An unknown flag is refused with the accepted ones.
 */
import type { Command } from 'commander';
import { CliError } from '../panel/cli/io.ts';
import type { PluginCli } from '../panel/plugin.ts';
import type { Site } from '../panel/site.ts';
import type { RecipeRunReport } from '../controllers/recipe-runner.ts';

// The recipe controllers (archives, downloads, the runner) load when a recipe or sample-data command runs.
const recipes = () => import('../controllers/recipes.ts');
import type { SeederRequest } from '../controllers/request.ts';
import { inputLimits, limitsText } from '../controllers/endpoints.ts';
import { splitFlags, unknownAction, unknownFlag, wantsHelp } from './flags.ts';
import { Progress } from './progress.ts';

export interface RecipeCliDeps {
  /** The site named by `--site`, with the Seeder active on it. */
  seederSite(ctx: PluginCli, cmd: Command): Promise<Site>;
}

function flagsOf(argv: readonly string[], allowed: readonly string[], booleans: readonly string[] = []): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (const [name, value] of splitFlags(argv, new Set(booleans))) {
    if (!allowed.includes(name)) throw unknownFlag(name, allowed);
    out[name] = value;
  }
  return out;
}

const text = (v: string | true | undefined): string | undefined => (v === true ? undefined : v);

/** Splits `cmd.args` into positionals (before the first flag) and flags. */
function positionalsAndFlags(args: readonly string[]): { positionals: string[]; flags: string[] } {
  const i = args.findIndex((a) => a.startsWith('--'));
  return i < 0 ? { positionals: [...args], flags: [] } : { positionals: args.slice(0, i), flags: args.slice(i) };
}

function undoLine(report: { run_id: string }, site: Site, user: string): string {
  return `Undo with: panel seeder cleanup --run_id=${report.run_id} --site=${site.id} --user=${user}`;
}

async function recipeList(ctx: PluginCli, cmd: Command, deps: RecipeCliDeps, argv: string[]): Promise<void> {
  const flags = flagsOf(argv, ['locale', 'platform', 'size', 'user']);
  const site = await deps.seederSite(ctx, cmd);
  const req: SeederRequest = { site, actor: await ctx.actor(site, flags.user, null) };
  const result = await (await recipes()).listRecipes(req, { locale: text(flags.locale), platform: text(flags.platform), size: text(flags.size) });
  if (ctx.globals(cmd).format !== 'table') {
    ctx.printObject(cmd, result as unknown as Record<string, unknown>);
    return;
  }
  ctx.printRows(
    cmd,
    result.recipes.map((r) => ({
      id: r.id,
      name: r.name,
      origin: r.origin,
      locales: r.locales.join(','),
      small: r.totals.small,
      medium: r.totals.medium,
      large: r.totals.large,
      skipped: r.plan.filter((s) => s.supported === false).map((s) => s.resource).join(', '),
    })),
    ['id', 'name', 'origin', 'locales', 'small', 'medium', 'large', 'skipped'],
  );
  ctx.io.out(result.platform ? `Plans checked against ${result.platform}.` : `No platform resolved: ${result.platform_note ?? ''}`);
  for (const i of result.invalid) ctx.io.out(`Dropped ${i.id ?? i.source}: ${i.reason}`);
}

async function recipeRun(ctx: PluginCli, cmd: Command, deps: RecipeCliDeps, id: string | undefined, argv: string[]): Promise<void> {
  if (!id) throw new CliError('Name a recipe: panel seeder recipe run <id> --user=<email|id>. List them with: panel seeder recipe list', 2);
  const flags = flagsOf(argv, ['size', 'locale', 'platform', 'seed', 'user']);
  const site = await deps.seederSite(ctx, cmd);
  const actor = await ctx.actor(site, flags.user, `recipe run ${id}`);
  const user = String(flags.user);
  const table = ctx.globals(cmd).format === 'table';
  let progress: Progress | undefined;
  let runId: string | undefined;
  let report: RecipeRunReport;
  try {
    report = await (await import('../controllers/recipe-runner.ts')).runRecipe(
      { site, actor },
      { recipe: id, size: text(flags.size), locale: text(flags.locale), platform: text(flags.platform), seed: text(flags.seed) },
      {
        onStart: (start) => {
          runId = start.run_id;
          progress = new Progress(start.total, `Recipe ${start.recipe.id}`);
          if (table) {
            ctx.io.out(
              `Running recipe ${start.recipe.id} (${start.recipe.name}) on ${start.platform}, locale ${start.locale}: ${start.total} record(s) in ${start.plan.length} step(s) (run ${start.run_id}, seed ${start.seed}).`,
            );
          }
        },
        onProgress: (n) => progress?.tick(n),
      },
    );
  } catch (e) {
    progress?.finish();
    // What was written before the failure is in the ledger under the run id: say how to undo it.
    if (runId) ctx.io.err(`The run stopped. ${undoLine({ run_id: runId }, site, user)}`);
    throw e;
  }
  progress?.finish();
  if (!table) {
    ctx.printObject(cmd, { ...report, undo: undoLine(report, site, user).replace('Undo with: ', '') } as unknown as Record<string, unknown>);
    return;
  }
  for (const s of report.steps) {
    if (s.skipped) ctx.io.out(`- ${s.resource}: skipped: ${s.reason}`);
    else ctx.io.out(`- ${s.resource}: created ${s.created} of ${s.requested}${s.failed ? `, failed ${s.failed}: ${s.errors.join(' ')}${s.reason ? ` ${s.reason}` : ''}` : ''}`);
  }
  ctx.io.out(`Created ${report.created} record(s); ${report.skipped} step(s) skipped; ${report.failed} failed.`);
  if (report.failure_causes.length > 0) {
    ctx.io.out('Failures by cause:');
    for (const line of report.failure_causes) ctx.io.out(`- ${line}`);
  }
  ctx.io.out(undoLine(report, site, user));
}

async function recipeStatusCmd(ctx: PluginCli, cmd: Command, deps: RecipeCliDeps, argv: string[]): Promise<void> {
  const flags = flagsOf(argv, ['user']);
  const site = await deps.seederSite(ctx, cmd);
  const status = await (await recipes()).recipesStatus({ site, actor: await ctx.actor(site, flags.user, null) });
  if (ctx.globals(cmd).format !== 'table') {
    ctx.printObject(cmd, status as unknown as Record<string, unknown>);
    return;
  }
  ctx.io.out(`Sample-data consent: ${status.consent}. Source: ${status.source}`);
  ctx.io.out(
    status.local
      ? `Synced copy: ${status.local.recipes.map((r) => r.id).join(', ')} (${status.local.size_bytes} bytes, ${status.local.synced_at}, sha256 ${status.local.sha256.slice(0, 12)}).`
      : 'No synced copy; the bundled recipes are used.',
  );
  ctx.io.out(`Bundled: ${status.bundled.map((r) => r.id).join(', ')}.`);
}

async function recipeSync(ctx: PluginCli, cmd: Command, deps: RecipeCliDeps, argv: string[]): Promise<void> {
  const flags = flagsOf(argv, ['force', 'user'], ['force']);
  const site = await deps.seederSite(ctx, cmd);
  const actor = await ctx.actor(site, flags.user, 'recipe sync');
  const result = await (await recipes()).syncRecipes({ site, actor }, { force: flags.force === true });
  if (ctx.globals(cmd).format !== 'table') {
    ctx.printObject(cmd, result as unknown as Record<string, unknown>);
    return;
  }
  const what = result.changed ? `Synced ${result.recipes.map((r) => r.id).join(', ')}` : 'Already up to date';
  ctx.io.out(`${what} from ${result.source} (${result.size_bytes} bytes${result.removed_previous ? '; the previous copy was deleted first' : ''}).`);
  for (const i of result.invalid) ctx.io.out(`Dropped ${i.id ?? i.source}: ${i.reason}`);
}

async function sampleData(ctx: PluginCli, cmd: Command, deps: RecipeCliDeps, action: string | undefined, args: string[]): Promise<void> {
  const { positionals, flags: argv } = positionalsAndFlags(args);
  const table = ctx.globals(cmd).format === 'table';
  switch (action ?? 'status') {
    case 'status': {
      const flags = flagsOf(argv, ['user']);
      const site = await deps.seederSite(ctx, cmd);
      const status = await (await recipes()).sampleDataStatus({ site, actor: await ctx.actor(site, flags.user, null) });
      if (!table) return ctx.printObject(cmd, status as unknown as Record<string, unknown>);
      ctx.io.out(`Consent: ${status.consent.state}${status.consent.decided_by ? ` (by ${status.consent.decided_by}, ${status.consent.decided_at})` : ''}.`);
      ctx.printRows(cmd, status.files as unknown as Record<string, unknown>[], ['locale', 'bytes', 'downloaded_at']);
      return;
    }
    case 'consent':
    case 'revoke': {
      const flags = flagsOf(argv, ['user']);
      let state: 'granted' | 'declined';
      if (action === 'revoke') {
        state = 'declined';
      } else {
        const decision = positionals[0];
        if (decision !== 'grant' && decision !== 'decline') {
          if (decision === undefined) {
            const site = await deps.seederSite(ctx, cmd);
            const current = await (await recipes()).consentStatus({ site, actor: await ctx.actor(site, flags.user, null) });
            return table ? ctx.io.out(`Consent: ${current.consent.state}.`) : ctx.printObject(cmd, current as unknown as Record<string, unknown>);
          }
          throw new CliError('Use: panel seeder sample-data consent grant|decline --user=<email|id>', 2);
        }
        state = decision === 'grant' ? 'granted' : 'declined';
      }
      const site = await deps.seederSite(ctx, cmd);
      const actor = await ctx.actor(site, flags.user, `sample-data ${action}`);
      const result = await (await recipes()).setConsent({ site, actor }, { state });
      if (!table) return ctx.printObject(cmd, result as unknown as Record<string, unknown>);
      ctx.io.out(`Consent: ${result.consent.state}.`);
      if (result.removed) {
        ctx.io.out(`Removed ${result.removed.sample_data_files} sample-data file(s)${result.removed.recipe_archive ? ' and the synced recipe archive' : ''}; generators use the built-in words.`);
      }
      return;
    }
    case 'sync': {
      const flags = flagsOf(argv, ['locales', 'user']);
      const site = await deps.seederSite(ctx, cmd);
      const actor = await ctx.actor(site, flags.user, 'sample-data sync');
      const locales = text(flags.locales);
      const result = await (await recipes()).syncSampleDataFor({ site, actor }, locales ? { locales: locales.split(',').map((s) => s.trim()) } : {});
      if (!table) return ctx.printObject(cmd, result as unknown as Record<string, unknown>);
      for (const d of result.downloaded) ctx.io.out(`Downloaded ${d.locale} (${d.bytes} bytes: ${d.fields.join(', ')}).`);
      for (const f of result.failed) ctx.io.out(`Failed ${f.locale}: ${f.error}`);
      return;
    }
    default:
      throw unknownAction('sample-data', String(action), ['status', 'consent', 'revoke', 'sync']);
  }
}

export function registerRecipeCli(seeder: Command, ctx: PluginCli, deps: RecipeCliDeps): void {
  seeder
    .command('recipe')
    .description(`Recipes: list | status | sync [--force] | run <id> [--size=${inputLimits('recipes_run', 'size').enum!.join('|')}] [--locale] [--platform] [--seed] --user=<email|id>`)
    .argument('[action]', 'list (default), status, sync or run')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (_action: string | undefined, _opts: unknown, cmd: Command) => {
      if (wantsHelp(cmd.args)) return ctx.io.out(cmd.helpInformation().trimEnd());
      const { positionals, flags } = positionalsAndFlags(cmd.args);
      const [action = 'list', ...rest] = positionals;
      switch (action) {
        case 'list':
          return recipeList(ctx, cmd, deps, flags);
        case 'status':
          return recipeStatusCmd(ctx, cmd, deps, flags);
        case 'sync':
          return recipeSync(ctx, cmd, deps, flags);
        case 'run':
          return recipeRun(ctx, cmd, deps, rest[0], flags);
        default:
          throw unknownAction('recipe', action, ['list', 'status', 'sync', 'run']);
      }
    });

  seeder
    .command('sample-data')
    .description(`Sample data: status | consent [grant|decline] | revoke | sync [--locales=de_DE,fr_FR (${limitsText({ maxItems: inputLimits('sample_data_sync', 'locales').maxItems })})], with --user=<email|id> for changes`)
    .argument('[action]', 'status (default), consent, revoke or sync')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (_action: string | undefined, _opts: unknown, cmd: Command) => {
      if (wantsHelp(cmd.args)) return ctx.io.out(cmd.helpInformation().trimEnd());
      const [action, ...rest] = cmd.args;
      const first = action && !action.startsWith('--') ? action : undefined;
      return sampleData(ctx, cmd, deps, first, first ? rest : cmd.args);
    });
}

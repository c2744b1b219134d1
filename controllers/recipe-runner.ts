/**
 * Running a recipe: its plan in dependency order through the one generate pipeline, each step through
 * `generateMany` (requests of at most `count`'s maximum), every request under the same `recipe_run` id so `cleanup --run_id` undoes
 * the whole run. A step the platform cannot hold is skipped with the driver's reason; a step whose
 * prerequisites are missing (no variable products for variations, say) is skipped with the generator's
 * reason; the rest of the run goes on. Errors that concern the whole run (access, platform) stop it.
 *
 * REST (`POST recipes/run`), the CLI (`panel seeder recipe run`) and the admin screen all call this
 * function. A REST client may also run a recipe itself from `GET recipes`, one generate request per
 * step chunk, which is exactly what this function does in-process.
 */
import { resolveLocale } from '../generators/locales.ts';
import { resolvePlatform } from '../drivers/resolve.ts';
import { PanelError } from '../panel/errors.ts';
import { assertCanUseSeeder } from './access.ts';
import { generateMany } from './generate-many.ts';
import { baseSeed, newRunId } from './runs.ts';
import { dropEmptyRuns, noteRun } from './run-origins.ts';
import type { SeederRequest } from './request.ts';
import { siteLocales } from './locales.ts';
import { planSteps, type PlanStepView } from '../recipes/plan.ts';
import { recipeWordsFor } from '../recipes/registry.ts';
import { recipesOf } from '../recipes/service.ts';
import { RECIPE_SIZES, type Recipe, type RecipeSize } from '../recipes/types.ts';

export interface RecipeRunInput {
  recipe: string;
  size?: unknown;
  locale?: unknown;
  platform?: unknown;
  seed?: unknown;
}

export interface StepReport {
  resource: string;
  requested: number;
  created: number;
  failed: number;
  skipped: boolean;
  /** Why the step was skipped (the driver's or the generator's words). */
  reason: string | null;
  errors: string[];
}

export interface RecipeRunReport {
  recipe: string;
  name: string;
  size: RecipeSize;
  locale: string;
  /** The locale whose recipe words were used (after the fallback rule). */
  vocabulary_locale: string | null;
  platform: string;
  run_id: string;
  seed: string;
  steps: StepReport[];
  created: number;
  failed: number;
  skipped: number;
  /** The failed rows grouped by cause, one line each: `resource (N failed): the store's words`, record ids and values elided. */
  failure_causes: string[];
}

export interface RecipeRunStart {
  recipe: Recipe;
  plan: PlanStepView[];
  platform: string;
  run_id: string;
  seed: string;
  locale: string;
  /** Records the run will ask for (supported steps only). */
  total: number;
}

export interface RecipeRunEvents {
  /** Before the first write: the run id is known, so an interrupted run can still be undone. */
  onStart?(start: RecipeRunStart): void;
  /** After each request, with the records it asked for. */
  onProgress?(requested: number): void;
  onStep?(step: StepReport): void;
}

/** A failure message as a cause: the ids, SKUs, codes and quoted values that differ from row to row elided. */
export function causeOf(message: string): string {
  return message
    .replace(/"[^"]*"/g, '"…"')
    // SKUs and codes: capitals, digits and dashes (HTB-K3J9-MATTE).
    .replace(/\b\p{Lu}[\p{Lu}\d]*(?:-[\p{L}\d]+)+\b/gu, '#')
    .replace(/#?\b[\p{L}\d]*\d[\p{L}\d_-]*\b/gu, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each step's failed rows, one line per distinct cause. */
export function failureCauses(steps: readonly StepReport[]): string[] {
  return steps
    .filter((s) => s.failed > 0)
    .flatMap((s) => {
      const causes = [...new Set((s.errors.length > 0 ? s.errors : [s.reason ?? 'no reason given']).map(causeOf))];
      return causes.map((c) => `${s.resource} (${s.failed} failed${causes.length > 1 ? `, ${causes.length} causes` : ''}): ${c}`);
    });
}

export function parseSize(value: unknown): RecipeSize {
  if (value === undefined || value === null || value === '') return 'small';
  if (typeof value === 'string' && (RECIPE_SIZES as readonly string[]).includes(value)) return value as RecipeSize;
  throw new PanelError('validation.invalid', 'Invalid parameter(s): size', { params: { size: `must be one of ${RECIPE_SIZES.join(', ')}` } });
}

/** Finds a recipe or answers 404 `recipes.not_found` with the known ids (running needs a real recipe). */
export async function requireRecipe(req: SeederRequest, id: string): Promise<Recipe> {
  const { recipes } = await recipesOf(req.site).registry.load();
  const recipe = recipes.find((r) => r.id === id);
  if (!recipe) {
    throw new PanelError('recipes.not_found', `There is no recipe "${id}". Recipes: ${recipes.map((r) => r.id).join(', ') || 'none'}.`, {
      recipe: id,
      known: recipes.map((r) => r.id),
    });
  }
  return recipe;
}

export async function runRecipe(req: SeederRequest, input: RecipeRunInput, events: RecipeRunEvents = {}): Promise<RecipeRunReport> {
  const { site } = req;
  await assertCanUseSeeder(site, req.actor);
  const size = parseSize(input.size);
  const seed = baseSeed(input.seed);
  if (input.locale !== undefined && typeof input.locale !== 'string') {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): locale', { params: { locale: 'must be a locale code' } });
  }
  const recipe = await requireRecipe(req, input.recipe);
  const { driver } = await resolvePlatform(site, typeof input.platform === 'string' ? input.platform : undefined);
  const locale = resolveLocale(typeof input.locale === 'string' ? input.locale : recipe.locales[0], siteLocales(site));
  const plan = await planSteps(site, recipe, { size, locale, driver });
  const runId = newRunId();
  // Before the first write, so the run is listed with its recipe and size from its first record on.
  await noteRun(site.db, runId, req.actor, { recipe: { slug: recipe.id, size }, locale });
  events.onStart?.({
    recipe,
    plan,
    platform: driver.id,
    run_id: runId,
    seed,
    locale,
    total: plan.filter((s) => s.supported).reduce((n, s) => n + s.count, 0),
  });

  const steps: StepReport[] = [];
  for (const step of plan) {
    const report: StepReport = { resource: step.resource, requested: step.count, created: 0, failed: 0, skipped: false, reason: null, errors: [] };
    if (!step.supported) {
      report.skipped = true;
      report.reason = step.reason;
    } else if (step.count > 0) {
      const result = await generateMany(
        req,
        step.resource,
        { ...step.parameters, locale, platform: driver.id, recipe: recipe.id, recipe_run: runId, seed },
        step.count,
        { onProgress: (n) => events.onProgress?.(n) },
      );
      report.created = result.created_count;
      report.failed = result.failed;
      report.errors = result.errors;
      if (result.stopped) {
        report.skipped = result.created_count === 0;
        report.reason = result.stopped.message;
      }
    }
    steps.push(report);
    events.onStep?.(report);
  }
  const created = steps.reduce((n, s) => n + s.created, 0);
  // A run that wrote nothing is not listed: its row goes too.
  if (created === 0) await dropEmptyRuns(site.db, [runId]).catch(() => undefined);
  return {
    recipe: recipe.id,
    name: recipe.name,
    size,
    locale,
    vocabulary_locale: recipeWordsFor(recipe, locale).locale,
    platform: driver.id,
    run_id: runId,
    seed,
    steps,
    created,
    failed: steps.reduce((n, s) => n + s.failed, 0),
    skipped: steps.filter((s) => s.skipped).length,
    failure_causes: failureCauses(steps),
  };
}

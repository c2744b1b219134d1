/**
 * What made each run: who ran it, in which locale and, for a recipe run, which recipe and size. One row per run in
 * `seeder_runs`, written once, outside the batch transactions (so the chunks of one run, in this
 * process or another, never conflict on it): `generate` inserts it after a batch committed with at least
 * one record, the recipe runner before its first step with the recipe and size. The first insert wins;
 * a later one for the same run is ignored. Losing this row loses only a description, never a record, so
 * a failure to write it is swallowed. Cleanup and forget drop the row once its run has no ledger rows.
 */
import type { Knex } from 'knex';
import type { Actor } from '../panel/actor.ts';
import type { Migration } from '../panel/plugin.ts';
import { ensureTable } from '../panel/tables.ts';
import { LEDGER_TABLE, RUN_ID_MAX_LENGTH } from './ledger.ts';

export const RUNS_TABLE = 'seeder_runs';

/** The widest `made_by`: an email is at most 254 characters, a token's name is added before it. */
const MADE_BY_MAX = 400;

export const RUN_ORIGIN_MIGRATIONS: Migration[] = [
  {
    id: '0004-runs',
    async up(db) {
      await ensureTable(db, RUNS_TABLE, (t) => {
        t.string('run_id', RUN_ID_MAX_LENGTH).primary();
        t.string('made_by', MADE_BY_MAX).nullable();
        t.string('recipe', 128).nullable();
        t.string('size', 16).nullable();
        t.string('created_at', 32).notNullable();
      });
    },
  },
  {
    // The locale a run was made in: the Records view writes its money for it. Null for runs made before.
    id: '0005-run-locale',
    async up(db) {
      if (await db.schema.hasColumn(RUNS_TABLE, 'locale')) return;
      await db.schema.alterTable(RUNS_TABLE, (t) => {
        t.string('locale', 64).nullable();
      });
    },
  },
];

/** Who made a request, as a run names them: the operator's email, or a token's name with its owner's email. */
export function madeBy(actor: Actor | undefined): string | null {
  if (!actor) return null;
  const who = actor.via === 'token' && actor.tokenName ? `token "${actor.tokenName}" of ${actor.email}` : actor.email;
  return who.slice(0, MADE_BY_MAX);
}

export interface RunOrigin {
  made_by: string | null;
  recipe: { slug: string; size: string | null } | null;
  /** The locale the run was made in; null for runs made before it was kept. */
  locale: string | null;
}

/**
 * Records a run's origin unless it is recorded already (another chunk, another process, the recipe
 * runner). Never throws: the run's records are what matter, and they are written already or will be.
 */
export async function noteRun(
  db: Knex,
  runId: string,
  actor: Actor | undefined,
  made: { recipe?: { slug: string; size: string }; locale?: string } = {},
): Promise<void> {
  const { recipe, locale } = made;
  try {
    await db(RUNS_TABLE)
      .insert({ run_id: runId, made_by: madeBy(actor), recipe: recipe?.slug ?? null, size: recipe?.size ?? null, locale: locale?.slice(0, 64) ?? null, created_at: new Date().toISOString() })
      .onConflict('run_id')
      .ignore();
  } catch {
    // Not written (the table missing on a site whose migration has not run yet, a lost connection): the run
    // is listed without who made it.
  }
}

/** The origins of the runs named, by run id; runs without a row are absent. */
export async function runOrigins(db: Knex, runIds: readonly string[]): Promise<Map<string, RunOrigin>> {
  const out = new Map<string, RunOrigin>();
  for (let i = 0; i < runIds.length; i += 500) {
    const rows = (await db(RUNS_TABLE).whereIn('run_id', runIds.slice(i, i + 500)).select('*')) as Array<Record<string, unknown>>;
    for (const r of rows) {
      out.set(String(r.run_id), {
        made_by: r.made_by === null || r.made_by === undefined ? null : String(r.made_by),
        recipe: r.recipe === null || r.recipe === undefined ? null : { slug: String(r.recipe), size: r.size === null || r.size === undefined ? null : String(r.size) },
        locale: typeof r.locale === 'string' ? r.locale : null,
      });
    }
  }
  return out;
}

/** Drops the rows of those of `runIds` that have no ledger row left (after a cleanup or a forget). */
export async function dropEmptyRuns(db: Knex, runIds: Iterable<string | null>): Promise<void> {
  const ids = [...new Set([...runIds].filter((id): id is string => id !== null))];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db(RUNS_TABLE)
      .whereIn('run_id', chunk)
      .whereNotExists((q) => q.select(db.raw('1')).from(LEDGER_TABLE).whereRaw('??.?? = ??.??', [LEDGER_TABLE, 'run_id', RUNS_TABLE, 'run_id']))
      .delete();
  }
}

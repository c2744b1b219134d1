/**
 * The Seeder's recipe service on one site: the registry, and a queue that serialises the operations
 * that change the site's downloaded files (recipe sync, sample-data sync, revoke), so two requests can
 * never interleave a swap. Provided by the Seeder plugin on every site it is applied to.
 */
import { defineService } from '../panel/plugin.ts';
import type { Site } from '../panel/site.ts';
import { RecipeRegistry } from './registry.ts';

export class SeederRecipes {
  readonly registry: RecipeRegistry;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(site: Site) {
    this.registry = new RecipeRegistry(site);
  }

  /** Runs `task` after every earlier one of this site has finished. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

export const SEEDER_RECIPES = defineService<SeederRecipes>('seeder.recipes');

/** The site's recipe service; the Seeder plugin provides it when it is applied. */
export function recipesOf(site: Site): SeederRecipes {
  const service = site.services.get(SEEDER_RECIPES);
  if (!service) throw new Error(`The Seeder is not active on site "${site.id}".`);
  return service;
}

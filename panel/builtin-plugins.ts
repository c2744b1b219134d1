/** The plugins that ship with the panel. Site `default` starts with DEFAULT_SITE_PLUGINS active. */
import type { Plugin } from './plugin.ts';

export const BUILTIN_PLUGINS: ReadonlyArray<Plugin | (new () => Plugin)> = [];

/** Activated, in this order, on the `default` site created at first start (unknown slugs are skipped). */
export const DEFAULT_SITE_PLUGINS: readonly string[] = ['emporium', 'seeder'];

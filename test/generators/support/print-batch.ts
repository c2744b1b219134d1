/** Run in a separate process by the determinism test: prints the batches of every resource for one seed. */
import { RESOURCE_NAMES } from '../../../generators/resources.ts';
import { run } from './fixture.ts';

const seed = process.argv[2] ?? 'cross-process';
const out: Record<string, unknown> = {};
for (const r of RESOURCE_NAMES) out[r] = run(r, { count: 5, seed, locale: 'fr_FR' }).entities;
process.stdout.write(JSON.stringify(out));

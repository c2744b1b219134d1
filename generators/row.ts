/**
 * Per-row randomness for one batch. Row i draws from a generator seeded by (seed, resource, i)
 * only, and faker draws from the same generator while the row is built, so row i is identical
 * whatever the count and whatever the other rows.
 */
import { entityKey } from './entities.ts';
import { withRng } from './random/faker-pool.ts';
import { RowSeeder, type Rng } from './random/prng.ts';
import type { ResourceName } from './resources.ts';
import { uniqueToken } from './text.ts';

export interface Row {
  readonly index: number;
  readonly key: string;
  readonly rng: Rng;
}

export class Batch {
  private readonly seeder: RowSeeder;
  /** Seeded by (seed, resource, "batch"): choices fixed for the whole batch, whatever the count. */
  private readonly batchSeeder: RowSeeder;
  private readonly streams = new Map<string, RowSeeder>();

  constructor(
    readonly resource: ResourceName,
    readonly seed: string,
    /** The first row index this batch builds (the request's `offset`): rows offset..offset+count-1 of the seed. */
    readonly offset = 0,
  ) {
    this.seeder = new RowSeeder(seed, resource);
    this.batchSeeder = new RowSeeder(seed, `${resource}\u0000batch`);
  }

  key(index: number): string {
    return entityKey(this.resource, this.seed, index);
  }

  /** A fresh generator for row `index` (the same every time it is asked for). */
  rng(index: number): Rng {
    return this.seeder.rng(index);
  }

  /** A generator for batch-wide decisions (an offset into a list, an order of branches). */
  batchRng(purpose = 0): Rng {
    return this.batchSeeder.rng(purpose);
  }

  /**
   * A generator for row `index` in a named side stream, independent of the row's main stream:
   * for decisions other rows need to recompute (a row's parent) without replaying the whole row.
   */
  streamRng(stream: string, index: number): Rng {
    let seeder = this.streams.get(stream);
    if (!seeder) {
      seeder = new RowSeeder(this.seed, `${this.resource}\u0000${stream}`);
      this.streams.set(stream, seeder);
    }
    return seeder.rng(index);
  }

  /** A fixed-length token distinct for every row index of this batch (see `uniqueToken`). */
  token(index: number, length: number): string {
    return uniqueToken(this.seeder.batchWord(), index, length);
  }

  /** One past the last row index of a request for `count` rows: `offset + count`. */
  end(count: number): number {
    return this.offset + count;
  }

  /**
   * Builds rows offset..offset+count-1 with faker driven by each row's generator. A builder may return null
   * for a row that cannot exist (e.g. nothing left to refund); such rows are left out.
   */
  rows<E>(count: number, build: (row: Row) => E | null): E[] {
    return this.rowsUpTo(this.end(count), build);
  }

  /** Builds rows offset..end-1 (none when `end` is not past the offset), as `rows` does. */
  rowsUpTo<E>(end: number, build: (row: Row) => E | null): E[] {
    const out: E[] = [];
    for (let index = this.offset; index < end; index++) {
      const rng = this.seeder.rng(index);
      const entity = withRng(rng, () => build({ index, key: this.key(index), rng }));
      if (entity !== null) out.push(entity);
    }
    return out;
  }

  /** Runs `fn` for row `index` with faker on that row's generator (for rows that read other rows). */
  at<T>(index: number, fn: (row: Row) => T): T {
    const rng = this.seeder.rng(index);
    return withRng(rng, () => fn({ index, key: this.key(index), rng }));
  }
}

/**
 * The base of every store repository: `create`, `createMany`, `get`, `getMany`, `delete`, `count`, and a
 * search helper. A subclass says how to validate a batch (`validate`), how to write it (`write`) and how
 * to read records back (`load`). `createMany` validates every item before it writes anything, then
 * writes each table's rows for the whole batch in multi-row statements, in one transaction (the caller's,
 * when given one).
 */
import type { Knex } from 'knex';
import { atomically, type Executor } from './executor.ts';
import { StoreInUseError, StoreValidationError, isForeignKeyRefusal, type ValidationIssue } from './errors.ts';
import { insertRows, type Row } from './insert.ts';
import { reserveIds } from './sequences.ts';
import { likeAny } from './reads.ts';

/** Ids per set-based delete statement. */
const DELETE_CHUNK = 1_000;

/** What a repository knows of its store. */
export interface StoreInfo {
  /** The store plugin's slug, named in errors. */
  readonly name: string;
  /** The store's sequence table (see sequences.ts). */
  readonly sequences: string;
}

/** One search result: the id, a short human label, and the record itself. */
export interface SearchHit<R> {
  readonly id: number;
  readonly label: string;
  readonly record: R;
}

/** A block of reserved ids handed out in order. */
export class IdBlock {
  #next: number;
  readonly #end: number;
  constructor(first: number, count: number) {
    this.#next = first;
    this.#end = first + count;
  }
  next(): number {
    if (this.#next >= this.#end) throw new Error('Id block exhausted: the reservation miscounted rows.');
    return this.#next++;
  }
}

/**
 * The rows of one batch, per table, written parents first (in the order tables were first touched)
 * with one multi-row statement per table and chunk.
 */
export class WriteBatch {
  readonly #trx: Knex.Transaction;
  readonly #sequences: string;
  readonly #rows = new Map<string, Row[]>();

  constructor(trx: Knex.Transaction, sequences: string) {
    this.#trx = trx;
    this.#sequences = sequences;
  }

  /** Reserves `count` ids for `table` (and fixes its place in the write order). */
  async reserve(table: string, count: number): Promise<IdBlock> {
    this.#touch(table);
    if (count === 0) return new IdBlock(1, 0);
    return new IdBlock(await reserveIds(this.#trx, this.#sequences, table, count), count);
  }

  add(table: string, row: Row): void {
    this.#touch(table).push(row);
  }

  #touch(table: string): Row[] {
    let rows = this.#rows.get(table);
    if (!rows) {
      rows = [];
      this.#rows.set(table, rows);
    }
    return rows;
  }

  async flush(): Promise<void> {
    for (const [table, rows] of this.#rows) await insertRows(this.#trx, table, rows);
    this.#rows.clear();
  }
}

export abstract class Repository<TInput, TRecord, TItem = unknown> {
  protected readonly store: StoreInfo;
  /** The entity's name in errors (`product`, `order`, ...). */
  abstract readonly entity: string;
  /** The table holding the entity's own rows. */
  abstract readonly table: string;

  constructor(store: StoreInfo) {
    this.store = store;
  }

  /** Validates and writes one record; returns its id. Throws StoreValidationError, writing nothing. */
  async create(db: Executor, input: TInput): Promise<number> {
    const [id] = await this.createMany(db, [input]);
    return id;
  }

  /**
   * Validates every input, then writes the whole batch in multi-row statements inside the caller's
   * transaction (a refused batch throws before anything is written; a failure part way ends the caller's
   * transaction, `atomically` says why). Returns the new ids in input order.
   * Throws one StoreValidationError listing every offending field of every item.
   */
  async createMany(db: Executor, inputs: readonly TInput[]): Promise<number[]> {
    if (!Array.isArray(inputs)) {
      throw new StoreValidationError(this.store.name, this.entity, [{ index: 0, field: '(batch)', rule: 'type', message: 'must be a list' }]);
    }
    if (inputs.length === 0) return [];
    return atomically(db, async (trx) => {
      const issues: ValidationIssue[] = [];
      const items = await this.validate(trx, inputs, issues);
      if (issues.length > 0) {
        throw new StoreValidationError(this.store.name, this.entity, [...issues].sort((a, b) => a.index - b.index));
      }
      const batch = new WriteBatch(trx, this.store.sequences);
      const ids = await this.write(batch, items, trx);
      await batch.flush();
      return ids;
    });
  }

  /** The record, or undefined when there is none with that id. */
  async get(db: Executor, id: number): Promise<TRecord | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    return (await this.load(db, [id])).get(id);
  }

  /** The records with these ids, in the order given; missing ids are skipped. */
  async getMany(db: Executor, ids: readonly number[]): Promise<TRecord[]> {
    const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
    if (valid.length === 0) return [];
    const map = await this.load(db, valid);
    return valid.map((id) => map.get(id)).filter((r): r is TRecord => r !== undefined);
  }

  /**
   * Deletes the record and its own children. Records it merely references stay; records that reference
   * it are detached or, where the platform would refuse, the delete is refused with StoreInUseError.
   * Returns false when there was no such record.
   */
  async delete(db: Executor, id: number): Promise<boolean> {
    if (!Number.isSafeInteger(id) || id < 1) return false;
    try {
      return await atomically(db, (trx) => this.remove(trx, id));
    } catch (e) {
      if (isForeignKeyRefusal(e)) throw new StoreInUseError(this.store.name, this.entity, id, e);
      throw e;
    }
  }

  /**
   * Deletes these records as `delete` does each, set-based: `DELETE ... WHERE id IN (...)`, one statement per
   * chunk, their children going through ON DELETE CASCADE and detachable references through SET NULL, as
   * for one. A repository whose `remove` does more than delete its own row (detaching, refusing) deletes
   * them one by one through it. When the store refuses (a record other records still need), the ids are
   * deleted one by one so that the StoreInUseError thrown names the record refused; the ones before it may
   * be gone (the caller's transaction decides). Returns how many existed.
   */
  async deleteMany(db: Executor, ids: readonly number[]): Promise<number> {
    const valid = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
    if (valid.length === 0) return 0;
    return atomically(db, async (trx) => {
      if (this.remove !== Repository.prototype.remove) {
        let n = 0;
        for (const id of valid) if (await this.delete(trx, id)) n++;
        return n;
      }
      let n = 0;
      try {
        for (let i = 0; i < valid.length; i += DELETE_CHUNK) n += await this.scope(trx(this.table)).whereIn('id', valid.slice(i, i + DELETE_CHUNK)).delete();
      } catch (e) {
        if (!isForeignKeyRefusal(e)) throw e;
        // The failed statement changed nothing; find the record refused.
        for (const id of valid) if (await this.delete(trx, id)) n++;
      }
      return n;
    });
  }

  /** How many records of this entity there are. */
  async count(db: Executor): Promise<number> {
    const row = (await this.scope(db(this.table)).count({ n: '*' }).first()) as { n: number | string } | undefined;
    return Number(row?.n ?? 0);
  }

  /** Narrows queries on `table` to this entity (for tables shared by two entities, e.g. refunds among transactions). */
  protected scope(q: Knex.QueryBuilder): Knex.QueryBuilder {
    return q;
  }

  /** Deletes the own row; children go with it through ON DELETE CASCADE, detachable references through SET NULL. */
  protected async remove(trx: Knex.Transaction, id: number): Promise<boolean> {
    return (await this.scope(trx(this.table)).where({ id }).delete()) > 0;
  }

  /** Search helper: records whose columns contain `term` (or whose id is `term`), newest first. */
  protected async searchBy(
    db: Executor,
    columns: readonly string[],
    term: string,
    limit: number,
    label: (r: TRecord) => string,
  ): Promise<Array<SearchHit<TRecord>>> {
    const t = String(term ?? '').trim();
    const n = Math.max(1, Math.min(100, Math.floor(Number(limit) || 20)));
    const like = likeAny(columns, t);
    const q = this.scope(db(this.table)).select('id').where((w) => {
      // An empty search matches everything: the most recent records, newest first.
      if (t === '') w.whereRaw('1 = 1');
      else w.whereRaw(like.sql, like.bindings);
      if (/^\d{1,9}$/.test(t)) w.orWhere('id', Number(t));
    });
    const ids = ((await q.orderBy('id', 'desc').limit(n)) as Array<{ id: number | string }>).map((r) => Number(r.id));
    return this.hits(db, ids, label);
  }

  /** Search hits for ids, in that order (ids deleted meanwhile are skipped). */
  protected async hits(db: Executor, ids: readonly number[], label: (r: TRecord) => string): Promise<Array<SearchHit<TRecord>>> {
    const map = ids.length > 0 ? await this.load(db, ids) : new Map<number, TRecord>();
    return ids.filter((id) => map.has(id)).map((id) => ({ id, label: label(map.get(id)!), record: map.get(id)! }));
  }

  protected abstract validate(db: Executor, inputs: readonly TInput[], issues: ValidationIssue[]): Promise<TItem[]>;
  protected abstract write(batch: WriteBatch, items: TItem[], trx: Knex.Transaction): Promise<number[]>;
  protected abstract load(db: Executor, ids: readonly number[]): Promise<Map<number, TRecord>>;
}

/** Emporium's log (WC_Logger's database handler): level, source, message, context. */
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { nowIso, parseJson, selectIn, str } from '../../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../../common/repository.ts';
import { LOG_LEVELS, type LogLevel } from '../statuses.ts';
import { T } from '../tables.ts';

export interface LogEntryInput {
  level: LogLevel;
  /** What wrote it, e.g. `payment-gateway`. */
  source: string;
  message: string;
  context?: Record<string, unknown>;
  created_at?: string;
}

export interface LogEntryRecord {
  id: number;
  level: LogLevel;
  source: string;
  message: string;
  context: Record<string, unknown>;
  created_at: string;
}

type Item = Omit<LogEntryRecord, 'id'>;

const FIELDS = fieldsOf<LogEntryInput>()({ level: 1, source: 1, message: 1, context: 1, created_at: 1 });

export class LogRepository extends Repository<LogEntryInput, LogEntryRecord, Item> {
  readonly entity = 'log entry';
  readonly table = T.log;

  protected async validate(_db: Executor, inputs: readonly LogEntryInput[], issues: ValidationIssue[]): Promise<Item[]> {
    return inputs.map((input, i) => {
      const c = new Check(i, issues);
      const o = c.object('', input, FIELDS) ?? {};
      const message = c.longText('message', o.message);
      if (message.trim() === '') c.fail('message', 'required', 'is required');
      return {
        level: c.oneOf('level', o.level, LOG_LEVELS) ?? 'info',
        source: c.text('source', o.source) ?? '',
        message,
        context: c.json('context', o.context),
        created_at: c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso(),
      };
    });
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(T.log, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(T.log, { id, ...it, context: JSON.stringify(it.context) });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, LogEntryRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, T.log, 'id', ids);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        { id: Number(r.id), level: str(r.level) as LogLevel, source: str(r.source), message: str(r.message), context: parseJson(r.context, {}), created_at: str(r.created_at) },
      ]),
    );
  }

  /** Entries whose message or source contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<LogEntryRecord>>> {
    return this.searchBy(db, ['message', 'source'], term, limit, (e) => `[${e.level}] ${e.source}: ${e.message.slice(0, 80)}`);
  }
}

/** Cartwheel's activity log: what happened to which record (module), with a status. */
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { nowIso, numOrNull, selectIn, str } from '../../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../../common/repository.ts';
import { ACTIVITY_STATUSES, type ActivityStatus } from '../statuses.ts';
import { C } from '../tables.ts';

export interface ActivityInput {
  status: ActivityStatus;
  /** `activity` (default) or `api`. */
  log_type?: 'activity' | 'api';
  /** What the entry is about: `order`, `customer`, `product`, `subscription`, ... */
  module_type: string;
  module_id?: number | null;
  title: string;
  content?: string;
  created_at?: string;
}

export interface ActivityRecord {
  id: number;
  status: ActivityStatus;
  log_type: 'activity' | 'api';
  module_type: string;
  module_id: number | null;
  title: string;
  content: string;
  created_at: string;
}

type Item = Omit<ActivityRecord, 'id'>;

const FIELDS = fieldsOf<ActivityInput>()({ status: 1, log_type: 1, module_type: 1, module_id: 1, title: 1, content: 1, created_at: 1 });

export class ActivityRepository extends Repository<ActivityInput, ActivityRecord, Item> {
  readonly entity = 'activity';
  readonly table = C.activities;

  protected async validate(_db: Executor, inputs: readonly ActivityInput[], issues: ValidationIssue[]): Promise<Item[]> {
    return inputs.map((input, i) => {
      const c = new Check(i, issues);
      const o = c.object('', input, FIELDS) ?? {};
      return {
        status: c.oneOf('status', o.status, ACTIVITY_STATUSES) ?? 'info',
        log_type: c.oneOf('log_type', o.log_type, ['activity', 'api'] as const, 'activity') ?? 'activity',
        module_type: c.text('module_type', o.module_type, { max: 32, pattern: /^[a-z_]+$/, patternText: 'lowercase letters and underscores' }) ?? '',
        module_id: c.id('module_id', o.module_id, { optional: true }),
        title: c.text('title', o.title) ?? '',
        content: c.longText('content', o.content),
        created_at: c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso(),
      };
    });
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(C.activities, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(C.activities, { id, ...it });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, ActivityRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, C.activities, 'id', ids);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id), status: str(r.status) as ActivityStatus, log_type: str(r.log_type) as 'activity' | 'api', module_type: str(r.module_type),
          module_id: numOrNull(r.module_id), title: str(r.title), content: str(r.content), created_at: str(r.created_at),
        },
      ]),
    );
  }

  /** Entries whose title or content contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<ActivityRecord>>> {
    return this.searchBy(db, ['title', 'content'], term, limit, (a) => `[${a.status}] ${a.title}`);
  }
}

/**
 * Cartwheel labels and their attachments to orders and customers. An attachment is polymorphic (no
 * foreign key can name "an order or a customer"), so the store checks the target exists when it is
 * written, and removes attachments itself when their order or customer is deleted. Deleting a label
 * removes its attachments; the orders and customers stay.
 */
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { checkUnique, requireExisting, rowsById } from '../../common/lookups.ts';
import { groupBy, nowIso, selectIn, str } from '../../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../../common/repository.ts';
import { slugify } from '../../common/check.ts';
import { LABEL_TARGETS, type LabelTarget } from '../statuses.ts';
import { C } from '../tables.ts';

export interface LabelInput {
  title: string;
  /** Derived from the title when absent; unique. */
  slug?: string;
  /** `#rrggbb`; default `#6b7280`. */
  color?: string;
}

export interface LabelRecord {
  id: number;
  title: string;
  slug: string;
  color: string;
  /** How many orders and customers carry it. */
  attachments: number;
}

export interface LabelAttachmentInput {
  label_id: number;
  labelable_type: LabelTarget;
  /** The order's or customer's id; it must exist. */
  labelable_id: number;
  created_at?: string;
}

export interface LabelAttachmentRecord {
  id: number;
  label_id: number;
  labelable_type: LabelTarget;
  labelable_id: number;
  created_at: string;
}

const LABEL_FIELDS = fieldsOf<LabelInput>()({ title: 1, slug: 1, color: 1 });
const ATTACH_FIELDS = fieldsOf<LabelAttachmentInput>()({ label_id: 1, labelable_type: 1, labelable_id: 1, created_at: 1 });
const TARGET_TABLES: Record<LabelTarget, string> = { order: C.orders, customer: C.customers };

type LabelItem = Omit<LabelRecord, 'id' | 'attachments'>;

export class LabelRepository extends Repository<LabelInput, LabelRecord, LabelItem> {
  readonly entity = 'label';
  readonly table = C.labels;

  protected async validate(db: Executor, inputs: readonly LabelInput[], issues: ValidationIssue[]): Promise<LabelItem[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, LABEL_FIELDS) ?? {};
      const title = c.text('title', o.title);
      return {
        title: title ?? '',
        slug: c.slug('slug', o.slug, title ?? slugify('label')) ?? '',
        color: (c.text('color', o.color, { optional: true, max: 7, pattern: /^#[0-9a-fA-F]{6}$/, patternText: 'a #rrggbb colour' }) ?? '#6b7280').toLowerCase(),
      };
    });
    await checkUnique(db, C.labels, 'slug', items.map((it, i) => ({ check: checks[i], field: 'slug', value: it.slug || null })), 'Label slug');
    return items;
  }

  protected async write(batch: WriteBatch, items: LabelItem[]): Promise<number[]> {
    const ids = await batch.reserve(C.labels, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(C.labels, { id, ...it });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, LabelRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, C.labels, 'id', ids);
    const attached = groupBy(await selectIn<Record<string, unknown>>(db, C.labelRelations, 'label_id', ids, ['id', 'label_id']), 'label_id');
    return new Map(
      rows.map((r) => [Number(r.id), { id: Number(r.id), title: str(r.title), slug: str(r.slug), color: str(r.color), attachments: attached.get(Number(r.id))?.length ?? 0 }]),
    );
  }

  /** Labels whose title contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<LabelRecord>>> {
    return this.searchBy(db, ['title', 'slug'], term, limit, (l) => l.title);
  }
}

type AttachItem = Omit<LabelAttachmentRecord, 'id'>;

export class LabelAttachmentRepository extends Repository<LabelAttachmentInput, LabelAttachmentRecord, AttachItem> {
  readonly entity = 'label attachment';
  readonly table = C.labelRelations;

  protected async validate(db: Executor, inputs: readonly LabelAttachmentInput[], issues: ValidationIssue[]): Promise<AttachItem[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, ATTACH_FIELDS) ?? {};
      return {
        label_id: c.id('label_id', o.label_id) ?? 0,
        labelable_type: c.oneOf('labelable_type', o.labelable_type, LABEL_TARGETS) ?? 'order',
        labelable_id: c.id('labelable_id', o.labelable_id) ?? 0,
        created_at: c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso(),
      };
    });
    const labels = await rowsById(db, C.labels, items.map((it) => it.label_id || null));
    const targets: Record<LabelTarget, Map<number, unknown>> = {
      order: await rowsById(db, TARGET_TABLES.order, items.filter((it) => it.labelable_type === 'order').map((it) => it.labelable_id || null)),
      customer: await rowsById(db, TARGET_TABLES.customer, items.filter((it) => it.labelable_type === 'customer').map((it) => it.labelable_id || null)),
    };
    const existing = new Set(
      (await selectIn<Record<string, unknown>>(db, C.labelRelations, 'label_id', [...labels.keys()], ['id', 'label_id', 'labelable_type', 'labelable_id'])).map(
        (r) => `${r.label_id}:${r.labelable_type}:${r.labelable_id}`,
      ),
    );
    items.forEach((it, i) => {
      const c = checks[i];
      requireExisting(c, 'label_id', it.label_id || null, labels, 'Label');
      requireExisting(c, 'labelable_id', it.labelable_id || null, targets[it.labelable_type], it.labelable_type === 'order' ? 'Order' : 'Customer');
      const key = `${it.label_id}:${it.labelable_type}:${it.labelable_id}`;
      if (existing.has(key)) c.fail('label_id', 'unique', `the ${it.labelable_type} already carries label ${it.label_id}`);
      existing.add(key);
    });
    return items;
  }

  protected async write(batch: WriteBatch, items: AttachItem[]): Promise<number[]> {
    const ids = await batch.reserve(C.labelRelations, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(C.labelRelations, { id, ...it });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, LabelAttachmentRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, C.labelRelations, 'id', ids);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        { id: Number(r.id), label_id: Number(r.label_id), labelable_type: str(r.labelable_type) as LabelTarget, labelable_id: Number(r.labelable_id), created_at: str(r.created_at) },
      ]),
    );
  }

  /** The attachments of one order or customer. */
  async forTarget(db: Executor, type: LabelTarget, id: number): Promise<LabelAttachmentRecord[]> {
    const rows = (await db(C.labelRelations).where({ labelable_type: type, labelable_id: id }).select('id').orderBy('id')) as Array<{ id: number }>;
    return this.getMany(db, rows.map((r) => Number(r.id)));
  }
}

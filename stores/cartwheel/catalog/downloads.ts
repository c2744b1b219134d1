/**
 * Downloadable files of existing cartwheel products. A product's files can be given when it is created
 * (ProductInput.downloads); this repository adds files to a product later and removes one file alone,
 * as Fluent Cart's product screen does. Deleting a file touches nothing else; deleting its product
 * removes its files.
 */
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { requireExisting, rowsById } from '../../common/lookups.ts';
import { numOrNull, selectIn, str } from '../../common/reads.ts';
import { Repository, type WriteBatch } from '../../common/repository.ts';
import { C } from '../tables.ts';

export interface ProductDownloadCreate {
  product_id: number;
  title: string;
  /** An http(s) URL or an absolute path. */
  file_path: string;
  /** Null or absent: unlimited. */
  download_limit?: number | null;
  /** Days the link keeps working after purchase; null or absent: never expires. */
  expiry_days?: number | null;
}

export interface ProductDownloadRecord {
  id: number;
  product_id: number;
  title: string;
  file_path: string;
  download_limit: number | null;
  expiry_days: number | null;
}

type Item = Omit<ProductDownloadRecord, 'id'>;

const FIELDS = fieldsOf<ProductDownloadCreate>()({ product_id: 1, title: 1, file_path: 1, download_limit: 1, expiry_days: 1 });
/** The same rule as a download given with its product (products.ts). */
const FILE = /^(https?:\/\/\S+|\/\S*)$/;

export class ProductDownloadRepository extends Repository<ProductDownloadCreate, ProductDownloadRecord, Item> {
  readonly entity = 'product download';
  readonly table = C.downloads;

  protected async validate(db: Executor, inputs: readonly ProductDownloadCreate[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      return {
        product_id: c.id('product_id', o.product_id) ?? 0,
        title: c.text('title', o.title) ?? '',
        file_path: c.text('file_path', o.file_path, { max: 2048, pattern: FILE, patternText: 'an http(s) URL or an absolute path' }) ?? '',
        download_limit: c.int('download_limit', o.download_limit, { optional: true, min: 1 }),
        expiry_days: c.int('expiry_days', o.expiry_days, { optional: true, min: 1 }),
      };
    });
    const products = await rowsById(db, C.products, items.map((it) => it.product_id || null));
    items.forEach((it, i) => requireExisting(checks[i], 'product_id', it.product_id || null, products, 'Product'));
    return items;
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(C.downloads, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(C.downloads, { id, ...it });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, ProductDownloadRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, C.downloads, 'id', ids);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          product_id: Number(r.product_id),
          title: str(r.title),
          file_path: str(r.file_path),
          download_limit: numOrNull(r.download_limit),
          expiry_days: numOrNull(r.expiry_days),
        },
      ]),
    );
  }
}

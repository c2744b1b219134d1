/**
 * Download files added to existing downloadable products (WooCommerce: WC_Product::set_downloads on a
 * saved product). Products can also be created with their files (ProductInput.downloads); this is how a
 * file is added later. Deleting a file removes the download permissions that name it; the product stays.
 */
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { requireExisting, rowsById } from '../../common/lookups.ts';
import { bool, selectIn, str } from '../../common/reads.ts';
import { Repository, type WriteBatch } from '../../common/repository.ts';
import { T } from '../tables.ts';

export interface DownloadCreate {
  /** A downloadable product or variation (not a variable product: its variations hold the files). */
  product_id: number;
  name: string;
  /** An http(s) URL or an absolute path. */
  file: string;
}

export interface DownloadFileRecord {
  id: number;
  product_id: number;
  name: string;
  file: string;
}

type Item = Omit<DownloadFileRecord, 'id'>;

const FIELDS = fieldsOf<DownloadCreate>()({ product_id: 1, name: 1, file: 1 });
/** Ids per `IN (...)` list. */
const IN_CHUNK = 5_000;
const FILE = /^(https?:\/\/\S+|\/\S*)$/;

export class DownloadRepository extends Repository<DownloadCreate, DownloadFileRecord, Item> {
  readonly entity = 'download';
  readonly table = T.downloads;

  protected async validate(db: Executor, inputs: readonly DownloadCreate[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      return {
        product_id: c.id('product_id', o.product_id) ?? 0,
        name: c.text('name', o.name) ?? '',
        file: c.text('file', o.file, { max: 2048, pattern: FILE, patternText: 'an http(s) URL or an absolute path' }) ?? '',
      };
    });
    const products = await rowsById<Record<string, unknown>>(db, T.products, items.map((it) => it.product_id || null), ['type', 'downloadable']);
    items.forEach((it, i) => {
      const c = checks[i];
      if (!requireExisting(c, 'product_id', it.product_id || null, products, 'Product')) return;
      const product = products.get(it.product_id)!;
      if (str(product.type) === 'variable') c.fail('product_id', 'variable_has_no_files', 'a variable product offers files through its variations');
      else if (!bool(product.downloadable)) c.fail('product_id', 'requires_downloadable', `Product ${it.product_id} is not downloadable`);
    });
    return items;
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(T.downloads, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(T.downloads, { id, ...it });
      return id;
    });
  }

  /**
   * The file ids of each downloadable product or variation among `productIds`, in file id order, in one
   * query for the whole list (chunked): what a paid order grants access to. Ids that are not downloadable,
   * have no file or do not exist are absent.
   */
  async filesOf(db: Executor, productIds: readonly number[]): Promise<Map<number, number[]>> {
    const ids = [...new Set(productIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
    const files = new Map<number, number[]>();
    for (let i = 0; i < ids.length; i += IN_CHUNK) {
      const rows = (await db(T.downloads)
        .join(T.products, `${T.products}.id`, `${T.downloads}.product_id`)
        .whereIn(`${T.downloads}.product_id`, ids.slice(i, i + IN_CHUNK))
        .where(`${T.products}.downloadable`, true)
        .orderBy(`${T.downloads}.id`)
        .select(`${T.downloads}.id as id`, `${T.downloads}.product_id as product_id`)) as Array<{ id: number | string; product_id: number | string }>;
      for (const r of rows) {
        const product = Number(r.product_id);
        const list = files.get(product);
        if (list) list.push(Number(r.id));
        else files.set(product, [Number(r.id)]);
      }
    }
    return files;
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, DownloadFileRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, T.downloads, 'id', ids);
    return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), product_id: Number(r.product_id), name: str(r.name), file: str(r.file) }]));
  }
}

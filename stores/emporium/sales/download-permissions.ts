/**
 * Download permissions: a customer's right to fetch one file of a product they ordered. Deleting the
 * order, the product or the file removes the permission; deleting the customer keeps it with the email.
 */
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { requireExisting, rowsById } from '../../common/lookups.ts';
import { groupBy, nowIso, numOrNull, selectIn, str, strOrNull } from '../../common/reads.ts';
import { Repository, type WriteBatch } from '../../common/repository.ts';
import { T } from '../tables.ts';

export interface DownloadPermissionInput {
  /** A file of a downloadable product (ProductRecord.downloads[].id). */
  download_id: number;
  /** An order with a line for that product. */
  order_id: number;
  /** Defaults to the order's customer. */
  customer_id?: number | null;
  /** Defaults to the order's billing email. */
  user_email?: string;
  /** Null for unlimited. */
  downloads_remaining?: number | null;
  download_count?: number;
  access_expires?: string | null;
  access_granted?: string;
}

export interface DownloadPermissionRecord {
  id: number;
  download_id: number;
  product_id: number;
  order_id: number;
  customer_id: number | null;
  user_email: string;
  downloads_remaining: number | null;
  download_count: number;
  access_expires: string | null;
  access_granted: string;
}

type Item = Omit<DownloadPermissionRecord, 'id'>;

const FIELDS = fieldsOf<DownloadPermissionInput>()({
  download_id: 1, order_id: 1, customer_id: 1, user_email: 1, downloads_remaining: 1, download_count: 1, access_expires: 1, access_granted: 1,
});

export class DownloadPermissionRepository extends Repository<DownloadPermissionInput, DownloadPermissionRecord, Item> {
  readonly entity = 'download permission';
  readonly table = T.downloadPermissions;

  protected async validate(db: Executor, inputs: readonly DownloadPermissionInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const drafts = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      return {
        download_id: c.id('download_id', o.download_id),
        order_id: c.id('order_id', o.order_id),
        customer_id: c.id('customer_id', o.customer_id, { optional: true }),
        user_email: c.email('user_email', o.user_email, { optional: true }),
        downloads_remaining: c.int('downloads_remaining', o.downloads_remaining, { optional: true, min: 0 }),
        download_count: c.int('download_count', o.download_count, { optional: true, min: 0 }) ?? 0,
        access_expires: c.datetime('access_expires', o.access_expires, { optional: true }),
        access_granted: c.datetime('access_granted', o.access_granted, { optional: true }) ?? nowIso(),
      };
    });
    const downloads = await rowsById<Record<string, unknown>>(db, T.downloads, drafts.map((d) => d.download_id), ['product_id']);
    const orders = await rowsById<Record<string, unknown>>(db, T.orders, drafts.map((d) => d.order_id), ['customer_id', 'billing_email']);
    const customers = await rowsById(db, T.customers, drafts.map((d) => d.customer_id));
    const lines = groupBy(
      await selectIn<Record<string, unknown>>(db, T.orderItems, 'order_id', [...orders.keys()], ['id', 'order_id', 'product_id', 'variation_id']),
      'order_id',
    );
    return drafts.map((d, i) => {
      const c = checks[i];
      requireExisting(c, 'download_id', d.download_id, downloads, 'Download');
      requireExisting(c, 'order_id', d.order_id, orders, 'Order');
      requireExisting(c, 'customer_id', d.customer_id, customers, 'Customer');
      const productId = d.download_id === null ? 0 : Number(downloads.get(d.download_id)?.product_id ?? 0);
      const order = d.order_id === null ? undefined : orders.get(d.order_id);
      if (order && productId && !(lines.get(d.order_id!) ?? []).some((l) => Number(l.product_id) === productId || Number(l.variation_id) === productId)) {
        c.fail('download_id', 'product_not_in_order', `Order ${d.order_id} has no line for product ${productId}`);
      }
      const email = d.user_email ?? str(order?.billing_email);
      if (order && !email) c.fail('user_email', 'required', 'is required when the order has no billing email');
      return {
        download_id: d.download_id ?? 0,
        product_id: productId,
        order_id: d.order_id ?? 0,
        customer_id: d.customer_id ?? numOrNull(order?.customer_id),
        user_email: email,
        downloads_remaining: d.downloads_remaining,
        download_count: d.download_count,
        access_expires: d.access_expires,
        access_granted: d.access_granted,
      };
    });
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(T.downloadPermissions, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(T.downloadPermissions, { id, ...it });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, DownloadPermissionRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, T.downloadPermissions, 'id', ids);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          download_id: Number(r.download_id),
          product_id: Number(r.product_id),
          order_id: Number(r.order_id),
          customer_id: numOrNull(r.customer_id),
          user_email: str(r.user_email),
          downloads_remaining: numOrNull(r.downloads_remaining),
          download_count: Number(r.download_count),
          access_expires: strOrNull(r.access_expires),
          access_granted: str(r.access_granted),
        },
      ]),
    );
  }
}

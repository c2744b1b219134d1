/**
 * Emporium customers with their billing and shipping addresses. Deleting a customer removes their
 * addresses and cart sessions; their orders become guest orders (customer detached, as WooCommerce
 * does) and their download permissions stay with the order. A customer who still has subscriptions
 * is refused (StoreInUseError): a subscription without its customer could never renew.
 */
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { checkUnique } from '../../common/lookups.ts';
import { groupBy, nowIso, selectIn, str } from '../../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../../common/repository.ts';
import { addressOf, addressRow, checkAddress, type Address, type AddressRecord } from '../address.ts';
import { T } from '../tables.ts';

export interface CustomerInput {
  /** Unique, ignoring case; stored lowercased. */
  email: string;
  first_name?: string;
  last_name?: string;
  /** Unique, ignoring case; defaults to the email. */
  username?: string;
  billing?: Address;
  shipping?: Address;
  /** ISO 8601 UTC; default now. */
  created_at?: string;
}

export interface CustomerRecord {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  username: string;
  billing: AddressRecord | null;
  shipping: AddressRecord | null;
  created_at: string;
}

interface Item {
  row: { email: string; first_name: string; last_name: string; username: string; created_at: string };
  billing: AddressRecord | null;
  shipping: AddressRecord | null;
}

const FIELDS = fieldsOf<CustomerInput>()({ email: 1, first_name: 1, last_name: 1, username: 1, billing: 1, shipping: 1, created_at: 1 });

export class CustomerRepository extends Repository<CustomerInput, CustomerRecord, Item> {
  readonly entity = 'customer';
  readonly table = T.customers;

  protected async validate(db: Executor, inputs: readonly CustomerInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      const email = c.email('email', o.email) ?? '';
      const username = c.text('username', o.username, { optional: true });
      return {
        explicitUsername: username !== null,
        row: {
          email,
          first_name: c.text('first_name', o.first_name, { optional: true }) ?? '',
          last_name: c.text('last_name', o.last_name, { optional: true }) ?? '',
          username: (username ?? email).toLowerCase(),
          created_at: c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso(),
        },
        billing: checkAddress(c, 'billing', o.billing),
        shipping: checkAddress(c, 'shipping', o.shipping),
      };
    });
    await checkUnique(db, T.customers, 'email', items.map((it, i) => ({ check: checks[i], field: 'email', value: it.row.email || null })), 'Email');
    // A username defaulted from the email clashes only when the email does, which was just reported.
    const usernames = items.map((it, i) => ({ check: checks[i], field: 'username', value: it.explicitUsername || !checks[i].failed ? it.row.username || null : null }));
    await checkUnique(db, T.customers, 'username', usernames, 'Username');
    return items.map(({ explicitUsername: _e, ...it }) => it);
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(T.customers, items.length);
    const addressIds = await batch.reserve(T.customerAddresses, items.reduce((n, it) => n + (it.billing ? 1 : 0) + (it.shipping ? 1 : 0), 0));
    return items.map((it) => {
      const id = ids.next();
      batch.add(T.customers, { id, ...it.row });
      if (it.billing) batch.add(T.customerAddresses, addressRow(addressIds.next(), 'customer_id', id, 'billing', it.billing));
      if (it.shipping) batch.add(T.customerAddresses, addressRow(addressIds.next(), 'customer_id', id, 'shipping', it.shipping));
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, CustomerRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, T.customers, 'id', ids);
    const addresses = groupBy(await selectIn<Record<string, unknown>>(db, T.customerAddresses, 'customer_id', ids), 'customer_id');
    return new Map(
      rows.map((r) => {
        const id = Number(r.id);
        const own = addresses.get(id) ?? [];
        return [
          id,
          {
            id,
            email: str(r.email),
            first_name: str(r.first_name),
            last_name: str(r.last_name),
            username: str(r.username),
            billing: addressOf(own.find((a) => a.address_type === 'billing')),
            shipping: addressOf(own.find((a) => a.address_type === 'shipping')),
            created_at: str(r.created_at),
          },
        ];
      }),
    );
  }

  /** Customers whose email, first or last name or username contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<CustomerRecord>>> {
    return this.searchBy(db, ['email', 'first_name', 'last_name', 'username'], term, limit, (c) =>
      [`${c.first_name} ${c.last_name}`.trim(), `<${c.email}>`].filter(Boolean).join(' '),
    );
  }
}

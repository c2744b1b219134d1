/**
 * Cartwheel customers with their addresses. Deleting a customer removes their addresses and labels and
 * detaches their carts; a customer who still has orders, subscriptions or licences is refused
 * (StoreInUseError), as Fluent Cart keeps a customer while anything of theirs remains.
 */
import type { Knex } from 'knex';
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { checkUnique } from '../../common/lookups.ts';
import { groupBy, nowIso, selectIn, str } from '../../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../../common/repository.ts';
import { addressOf, checkAddress, type AddressInput, type AddressRecord } from '../address.ts';
import { CUSTOMER_STATUSES, type CustomerStatus } from '../statuses.ts';
import { C } from '../tables.ts';

export interface CustomerInput {
  /** Unique, ignoring case; stored lowercased. */
  email: string;
  first_name?: string;
  last_name?: string;
  /** Default `active`. */
  status?: CustomerStatus;
  addresses?: AddressInput[];
  created_at?: string;
}

export interface CustomerRecord {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  status: CustomerStatus;
  addresses: Array<AddressRecord & { id: number }>;
  created_at: string;
}

interface Item {
  row: { email: string; first_name: string; last_name: string; status: string; created_at: string };
  addresses: AddressRecord[];
}

const FIELDS = fieldsOf<CustomerInput>()({ email: 1, first_name: 1, last_name: 1, status: 1, addresses: 1, created_at: 1 });

export class CustomerRepository extends Repository<CustomerInput, CustomerRecord, Item> {
  readonly entity = 'customer';
  readonly table = C.customers;

  protected async validate(db: Executor, inputs: readonly CustomerInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      const addresses = c.list('addresses', o.addresses, (v, p) => checkAddress(c, p, v), { max: 50 });
      for (const type of ['billing', 'shipping'] as const) {
        if (addresses.filter((a) => a.type === type && a.is_primary).length > 1) c.fail('addresses', 'one_primary', `only one ${type} address can be primary`);
      }
      return {
        row: {
          email: c.email('email', o.email) ?? '',
          first_name: c.text('first_name', o.first_name, { optional: true }) ?? '',
          last_name: c.text('last_name', o.last_name, { optional: true }) ?? '',
          status: c.oneOf('status', o.status, CUSTOMER_STATUSES, 'active') ?? 'active',
          created_at: c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso(),
        },
        addresses,
      };
    });
    await checkUnique(db, C.customers, 'email', items.map((it, i) => ({ check: checks[i], field: 'email', value: it.row.email || null })), 'Email');
    return items;
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(C.customers, items.length);
    const addressIds = await batch.reserve(C.customerAddresses, items.reduce((n, it) => n + it.addresses.length, 0));
    return items.map((it) => {
      const id = ids.next();
      batch.add(C.customers, { id, ...it.row });
      for (const a of it.addresses) batch.add(C.customerAddresses, { id: addressIds.next(), customer_id: id, ...a });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, CustomerRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, C.customers, 'id', ids);
    const addresses = groupBy(await selectIn<Record<string, unknown>>(db, C.customerAddresses, 'customer_id', ids), 'customer_id');
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          email: str(r.email),
          first_name: str(r.first_name),
          last_name: str(r.last_name),
          status: str(r.status) as CustomerStatus,
          addresses: (addresses.get(Number(r.id)) ?? []).map((a) => ({ id: Number(a.id), ...addressOf(a) })),
          created_at: str(r.created_at),
        },
      ]),
    );
  }

  protected override async remove(trx: Knex.Transaction, id: number): Promise<boolean> {
    // Labels point at customers without a foreign key (they are polymorphic), so they go by hand,
    // after the delete: if a RESTRICT refuses it, nothing ran, so nothing is left half done.
    const removed = await super.remove(trx, id);
    if (removed) await trx(C.labelRelations).where({ labelable_type: 'customer', labelable_id: id }).delete();
    return removed;
  }

  /** Customers whose email or name contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<CustomerRecord>>> {
    return this.searchBy(db, ['email', 'first_name', 'last_name'], term, limit, (c) => [`${c.first_name} ${c.last_name}`.trim(), `<${c.email}>`].filter(Boolean).join(' '));
  }
}

/**
 * Payment transactions of existing orders: charges, refunds and disputes in states that fit the
 * order (a completed charge only on a paid order, a pending one only on an unpaid order). Refunds
 * and disputes never take more than was paid and not yet refunded, and no transaction predates
 * its order.
 */
import { DAY, MINUTE, iso } from '../dates.ts';
import type { TransactionEntity } from '../entities.ts';
import { MissingPrerequisiteError } from '../errors.ts';
import type { ExistingOrder } from '../existing.ts';
import { listOf, params, type ParameterProblems } from '../json-schema.ts';
import type { Rng } from '../random/prng.ts';
import { Batch } from '../row.ts';
import type { Generator } from '../types.ts';
import {
  CARD_BRANDS,
  PAYMENT_METHODS,
  TRANSACTION_STATES,
  TRANSACTION_STATES_BY_TYPE,
  TRANSACTION_TYPES,
  type PaymentMethod,
  type TransactionState,
  type TransactionType,
} from '../vocabularies.ts';
import { RefundLedger, refundable, uncharged } from './refund-ledger.ts';
import { parseTime, requireExisting, windowOf } from './shared.ts';

export interface TransactionParams {
  payment_methods: PaymentMethod[];
  transaction_states: TransactionState[];
  transaction_types: TransactionType[];
}

const TYPE_WEIGHTS: Readonly<Record<TransactionType, number>> = { charge: 80, refund: 14, dispute: 6 };

const STATE_WEIGHTS: Readonly<Record<TransactionType, Partial<Record<TransactionState, number>>>> = {
  charge: { completed: 70, pending: 6, authorized: 6, failed: 10, refunded: 5, disputed: 3 },
  refund: { completed: 85, pending: 10, failed: 5 },
  dispute: { pending: 40, disputed: 35, completed: 25 },
};

const FAILURES = ['Card declined', 'Insufficient funds', 'Expired card', 'Authentication failed', 'Processing error'];

const REFERENCE_PREFIX: Readonly<Record<PaymentMethod, string>> = {
  card: 'ch_',
  paypal: 'PAYID-',
  bank_transfer: 'TRF',
  cash_on_delivery: 'COD',
  cheque: 'CHQ',
  apple_pay: 'ap_',
  google_pay: 'gp_',
  klarna: 'kl_',
};

type Pool = 'paid' | 'unpaid' | 'any' | 'refundable';

/** Which orders a (type, state) pair can belong to. */
function poolOf(type: TransactionType, state: TransactionState): Pool {
  if (type !== 'charge') return 'refundable';
  if (state === 'completed' || state === 'refunded' || state === 'disputed') return 'paid';
  if (state === 'pending' || state === 'authorized') return 'unpaid';
  return 'any';
}

/** Refunds and disputes that hold or return money reduce what can still be refunded. */
function consumes(type: TransactionType, state: TransactionState): boolean {
  return (type === 'refund' && (state === 'completed' || state === 'pending')) || (type === 'dispute' && (state === 'pending' || state === 'disputed'));
}

function combinations(types: readonly TransactionType[], states: readonly TransactionState[]): [TransactionType, TransactionState][] {
  return types.flatMap((t) => TRANSACTION_STATES_BY_TYPE[t].filter((s) => states.includes(s)).map((s) => [t, s] as [TransactionType, TransactionState]));
}

interface Built {
  readonly entity: TransactionEntity | null;
  readonly consumed: number;
}

export const transactionGenerator: Generator<TransactionParams, TransactionEntity> = {
  resource: 'transaction',
  schema: params({
    payment_methods: listOf(PAYMENT_METHODS, ['card', 'paypal', 'bank_transfer'], 'Payment methods transactions go through.'),
    transaction_states: listOf(TRANSACTION_STATES, [...TRANSACTION_STATES], 'States to draw from; each only where it fits the type and the order.'),
    transaction_types: listOf(TRANSACTION_TYPES, [...TRANSACTION_TYPES], 'Types to draw from (mostly charges).'),
  }),
  needs: ['orders'],
  // Refunds (and refund transactions) raise what their order has refunded, which the next rows read.
  changes: ['orders'],
  check(p) {
    const problems: ParameterProblems = {};
    if (p.transaction_types && p.transaction_states && combinations(p.transaction_types, p.transaction_states).length === 0) {
      problems.transaction_states = 'no transaction of the given transaction_types can be in these states';
    }
    return problems;
  },
  generate(p, ctx) {
    requireExisting('transaction', ctx.existing, 'orders');
    const orders = ctx.existing.orders;
    const pools: Record<Pool, readonly ExistingOrder[]> = {
      // A completed charge only where the order is not charged in full yet (the order's own payment counts).
      paid: orders.filter((o) => uncharged(o) > 0),
      unpaid: orders.filter((o) => !o.paid && (o.status === 'pending' || o.status === 'on_hold')),
      any: orders,
      refundable: orders.filter((o) => refundable(o) > 0),
    };
    const combos = combinations(p.transaction_types, p.transaction_states).filter(([t, s]) => pools[poolOf(t, s)].length > 0);
    if (combos.length === 0) {
      throw new MissingPrerequisiteError('transaction', 'orders', 'order', 'orders that fit these transaction types and states', 'with fitting statuses');
    }
    const batch = new Batch('transaction', ctx.seed, ctx.offset);
    const window = windowOf(p);
    const offsets = batch.batchRng();
    const rotation = (pool: readonly ExistingOrder[]) => offsets.int(0, Math.max(0, pool.length - 1));
    const offset: Record<Pool, number> = { paid: rotation(pools.paid), unpaid: rotation(pools.unpaid), any: rotation(pools.any), refundable: rotation(pools.refundable) };

    const draw = (rng: Rng): [TransactionType, TransactionState] => {
      const type = rng.weighted([...new Set(combos.map(([t]) => t))].map((t) => [t, TYPE_WEIGHTS[t]] as const));
      const state = rng.weighted(combos.filter(([t]) => t === type).map(([, s]) => [s, STATE_WEIGHTS[type][s] ?? 1] as const));
      return [type, state];
    };

    const build = (index: number, order: ExistingOrder, remaining: number | null): Built =>
      batch.at(index, ({ rng }) => {
        const [type, state] = draw(rng);
        let amount = order.total_minor;
        let consumed = 0;
        if (type === 'charge' && poolOf(type, state) === 'paid') {
          // A charge that took money takes what is left to charge: two in one batch never charge one order twice.
          if (remaining === null || remaining < 1) return { entity: null, consumed: 0 };
          amount = remaining;
          consumed = amount;
        } else if (type !== 'charge') {
          if (remaining === null || remaining < 1) return { entity: null, consumed: 0 };
          const full = type === 'dispute' ? rng.chance(80) : rng.chance(50);
          amount = full || remaining === 1 ? remaining : rng.int(1, remaining - 1);
          if (consumes(type, state)) consumed = amount;
        }
        const method = rng.pick(p.payment_methods);
        const created = parseTime(order.created_at);
        const delay =
          type === 'charge' ? rng.int(0, 30) * MINUTE : type === 'refund' ? rng.int(1, 30) * DAY : rng.int(7, 60) * DAY;
        const at = Math.ceil(Math.max(created, Math.min(window.now, created + delay)) / 1000) * 1000;
        const prefix = type === 'refund' ? 're_' : type === 'dispute' ? 'dp_' : REFERENCE_PREFIX[method];
        return {
          consumed,
          entity: {
            key: batch.key(index),
            order: { id: order.id },
            type,
            state,
            amount_minor: Math.max(1, amount),
            currency: order.currency,
            payment_method: method,
            gateway_reference: `${prefix}${rng.chars(20, 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789')}`,
            card: method === 'card' ? { brand: rng.pick(CARD_BRANDS), last4: rng.chars(4, '0123456789') } : null,
            failure_reason: state === 'failed' ? rng.pick(FAILURES) : null,
            created_at: iso(at),
          },
        };
      });

    // Refunds and disputes share one ledger per order; charges do not touch it.
    const ledger = new RefundLedger<Built>(pools.refundable, offset.refundable, (index, order, remaining) => {
      const [type] = batch.at(index, ({ rng }) => draw(rng));
      return type === 'charge' ? { entity: null, consumed: 0 } : build(index, order, remaining);
    });
    // Charges that took money share one ledger per paid order: what is left to charge.
    const charges = new RefundLedger<Built>(
      pools.paid,
      offset.paid,
      (index, order, remaining) => {
        const [type, state] = batch.at(index, ({ rng }) => draw(rng));
        return type === 'charge' && poolOf(type, state) === 'paid' ? build(index, order, remaining) : { entity: null, consumed: 0 };
      },
      uncharged,
    );

    return batch.rows(p.count, ({ index }) => {
      const [type, state] = batch.at(index, ({ rng }) => draw(rng));
      if (type !== 'charge') return ledger.row(index)?.entity ?? null;
      if (poolOf(type, state) === 'paid') return charges.row(index)?.entity ?? null;
      const pool = pools[poolOf(type, state)];
      const order = pool[(offset[poolOf(type, state)] + index) % pool.length]!;
      return build(index, order, null).entity;
    });
  },
};

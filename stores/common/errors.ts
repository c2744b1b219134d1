/**
 * The stores' coded errors. A store refuses a bad write with one StoreValidationError listing every
 * offending field of every item, and refuses to delete a record other records still need with
 * StoreInUseError. Both are coded refusals (4xx), so any surface renders them through the host's
 * formatter, and a batch reports them for the entity refused. Code that meets them across a plugin
 * boundary checks the code (`StoreInvalid.is(e)`), never the class.
 */
import { defineError, type ErrorDetails } from '../../panel/plugin.ts';

/** One refused field: which item of the batch, which field (a path such as `line_items[1].quantity`), which rule. */
export interface ValidationIssue {
  /** Position of the offending item in the input array (0 for `create`). */
  readonly index: number;
  /** Field path inside the item, e.g. `sale_price` or `line_items[2].product_id`. */
  readonly field: string;
  /** Rule name, stable for code to match on, e.g. `sale_below_regular`, `unique`, `exists`. */
  readonly rule: string;
  readonly message: string;
}

export interface StoreInvalidDetails extends ErrorDetails {
  store: string;
  entity: string;
  issues: readonly ValidationIssue[];
}

export interface StoreInUseDetails extends ErrorDetails {
  store: string;
  entity: string;
  id: number;
}

/** Code `store.invalid` (422): a write refused by a store's object layer. */
export const StoreInvalid = defineError<StoreInvalidDetails>('store.invalid', 422);
/** Code `store.in_use` (409): a delete refused because other records still reference the record. */
export const StoreInUse = defineError<StoreInUseDetails>('store.in_use', 409);

/** A write refused by a store's object layer; nothing of the batch was written. Code `store.invalid`. */
export class StoreValidationError extends StoreInvalid {
  /** The store's slug (`emporium`, `cartwheel`, ...). */
  readonly store: string;
  /** The entity the batch was for (`product`, `order`, ...). */
  readonly entity: string;
  readonly issues: readonly ValidationIssue[];

  constructor(store: string, entity: string, issues: readonly ValidationIssue[]) {
    const first = issues.slice(0, 3).map((i) => `#${i.index} ${i.field}: ${i.message}`).join('; ');
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
    super(`Invalid ${entity} data: ${first}${more}`, { store, entity, issues });
    this.name = 'StoreValidationError';
    this.store = store;
    this.entity = entity;
    this.issues = issues;
  }
}

/** A delete refused because other records still reference the entity. Code `store.in_use`. */
export class StoreInUseError extends StoreInUse {
  readonly store: string;
  readonly entity: string;
  readonly id: number;

  constructor(store: string, entity: string, id: number, cause?: unknown) {
    super(`Cannot delete ${entity} ${id}: other records still reference it.`, { store, entity, id });
    this.name = 'StoreInUseError';
    this.store = store;
    this.entity = entity;
    this.id = id;
    if (cause !== undefined) (this as { cause?: unknown }).cause = cause;
  }
}

/** True when the database refused a delete because a RESTRICT foreign key still points at the row. */
export function isForeignKeyRefusal(e: unknown): boolean {
  const err = e as { code?: unknown; errno?: unknown; message?: unknown } | null;
  if (!err || typeof err !== 'object') return false;
  // MySQL/MariaDB: ER_ROW_IS_REFERENCED(_2), 1451/1217.
  if (err.errno === 1451 || err.errno === 1217) return true;
  // SQLite: SQLITE_CONSTRAINT_FOREIGNKEY for NO ACTION, SQLITE_CONSTRAINT_TRIGGER for RESTRICT, same message.
  return typeof err.code === 'string' && err.code.startsWith('SQLITE_CONSTRAINT') && String(err.message).includes('FOREIGN KEY constraint failed');
}

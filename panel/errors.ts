/**
 * The one registry of the host's error codes (`<resource>.<verb>`), with the HTTP status each maps
 * to. Every error a client sees is a coded error rendered by the one formatter in http/errors.ts.
 * Plugins register their own codes with `registerErrorCodes`, or define one error constructor per code
 * with `defineError`; a code is registered once, with one status, and never reused for another meaning.
 *
 * Coded errors are recognised by shape, never by class: each carries the global brand `PANEL_ERROR`
 * (`Symbol.for('panel.error')`), a string `code` and an integer `status`. A second copy of this module
 * (a plugin that ships its own copy of the host, or this file loaded twice under two URLs) has another
 * `PanelError` class and another registry, so `instanceof` and the registry would both miss its errors;
 * the brand and the status each error carries do not. Check `isPanelError`, `hasErrorCode` or
 * `isRefusal`, never `instanceof PanelError`.
 */
const CODES = new Map<string, number>([
  ['request.malformed', 400],
  ['request.unsupported_media_type', 415],
  ['request.too_large', 413],
  ['route.not_found', 404],
  ['route.method_not_allowed', 405],
  ['auth.unauthenticated', 401],
  ['auth.forbidden', 403],
  ['auth.step_up_required', 403],
  /** A bearer token without the scope an operation needs (`details.scope`). */
  ['auth.insufficient_scope', 403],
  ['resource.not_found', 404],
  ['resource.conflict', 409],
  ['validation.invalid', 422],
  ['rate_limit.exceeded', 429],
  ['server.internal', 500],
  /** The database stayed busy (deadlocks, lock waits) through every retry; nothing was written (panel/transient.ts). */
  ['server.busy', 503],
  /** The database could not be reached (a stopped server or Galera node, a lost connection); see panel/http/errors.ts. */
  ['server.unavailable', 503],
  ['sites.not_found', 404],
  ['sites.conflict', 409],
  ['sites.invalid', 422],
  ['plugins.not_found', 404],
  ['plugins.invalid_metadata', 422],
  ['plugins.requirement_missing', 409],
  ['plugins.required_by_active', 409],
  ['plugins.already_active', 409],
  ['plugins.not_active', 409],
  /** The plugin's own code refused to apply (a tap on an undeclared hook, for one); `details.reason` says why. */
  ['plugins.activation_failed', 422],
  ['operators.not_found', 404],
  ['operators.conflict', 409],
  ['operators.invalid', 422],
  ['members.not_found', 404],
  ['members.conflict', 409],
]);

export function registerErrorCodes(codes: Record<string, number>): void {
  for (const [code, status] of Object.entries(codes)) {
    const known = CODES.get(code);
    if (known !== undefined && known !== status) {
      throw new Error(`Error code "${code}" is already registered with status ${known}.`);
    }
    CODES.set(code, status);
  }
}

/** The codes registered so far, with their statuses (the documented code list is read from here). */
export function registeredErrorCodes(): ReadonlyMap<string, number> {
  return new Map(CODES);
}

export type ErrorDetails = Record<string, unknown>;

/** The global brand of a coded error: the same symbol in every copy of this module. */
export const PANEL_ERROR: unique symbol = Symbol.for('panel.error');

/** What every coded error is, whichever copy of this module made it. */
export interface CodedError extends Error {
  readonly [PANEL_ERROR]: true;
  readonly code: string;
  /** The HTTP status, carried by the error itself (the formatter never looks the code up). */
  readonly status: number;
  readonly details?: ErrorDetails;
  /** Extra response headers (Retry-After, for example). */
  readonly headers?: Record<string, string>;
}

/**
 * The general form of a coded error: `new PanelError('resource.not_found', 'No order 12.', { id: 12 })`.
 * The code must be registered; its status is looked up once, here, and travels with the error.
 * For a code used in several places, `defineError` gives a constructor that needs no code argument.
 */
export class PanelError extends Error implements CodedError {
  declare readonly [PANEL_ERROR]: true;
  readonly code: string;
  readonly status: number;
  readonly details?: ErrorDetails;
  readonly headers?: Record<string, string>;

  constructor(code: string, message: string, details?: ErrorDetails, headers?: Record<string, string>) {
    super(message);
    const status = CODES.get(code);
    if (status === undefined) throw new Error(`Unregistered error code "${code}".`);
    this.name = 'PanelError';
    this.code = code;
    this.status = status;
    this.details = details;
    this.headers = headers;
  }
}
Object.defineProperty(PanelError.prototype, PANEL_ERROR, { value: true });

/** The constructor `defineError` returns: one per code, as `@fastify/error`'s `createError` makes them. */
export interface PanelErrorClass<D extends ErrorDetails = ErrorDetails> {
  new (message: string, details?: D, headers?: Record<string, string>): PanelError & { readonly details?: D };
  readonly code: string;
  readonly status: number;
  /** True for an error with this code, made by any copy of this module (brand and code, not class). */
  is(e: unknown): e is CodedError & { readonly details?: D };
}

/**
 * Registers `code` with `status` and returns its constructor:
 *
 *     const OrderNotFound = defineError<{ id: number }>('orders.not_found', 404);
 *     throw new OrderNotFound('No order 12.', { id: 12 });
 *     if (OrderNotFound.is(e)) ...
 *
 * Defining a code twice with the same status is allowed (two modules may share one code); with
 * another status it throws, as `registerErrorCodes` does. The constructor can be extended to add
 * typed fields (see the stores' `StoreValidationError`).
 */
export function defineError<D extends ErrorDetails = ErrorDetails>(code: string, status: number): PanelErrorClass<D> {
  if (!Number.isInteger(status) || status < 400 || status > 599) {
    throw new Error(`Error code "${code}": status ${status} is not an HTTP error status (400-599).`);
  }
  registerErrorCodes({ [code]: status });
  const Coded = class extends PanelError {
    static readonly code = code;
    static readonly status = status;
    declare readonly details?: D;
    constructor(message: string, details?: D, headers?: Record<string, string>) {
      super(code, message, details, headers);
    }
    static is(e: unknown): e is CodedError & { readonly details?: D } {
      return hasErrorCode(e, code);
    }
  };
  return Coded;
}

/**
 * Whether `e` is a coded error, from this copy of the module or any other: the brand, a string code,
 * an HTTP error status and a message. Anything else a handler meets is a bug and answers 500.
 */
export function isPanelError(e: unknown): e is CodedError {
  if (typeof e !== 'object' || e === null) return false;
  const x = e as { [PANEL_ERROR]?: unknown; code?: unknown; status?: unknown; message?: unknown };
  return (
    x[PANEL_ERROR] === true &&
    typeof x.code === 'string' &&
    typeof x.status === 'number' && Number.isInteger(x.status) && x.status >= 400 && x.status <= 599 &&
    typeof x.message === 'string'
  );
}

/** Whether `e` is a coded error with this code. */
export function hasErrorCode(e: unknown, code: string): e is CodedError {
  return isPanelError(e) && e.code === code;
}

/**
 * Whether `e` is a refusal: a coded error with a client status (4xx), raised on purpose because the
 * input cannot be accepted (a store's invalid value, a record still in use, an entity a driver cannot
 * map), as opposed to something that broke. In a batch, a refusal is reported for its entity and the
 * others are written; anything else goes to the formatter (500, no raw text to the client).
 */
export function isRefusal(e: unknown): e is CodedError {
  return isPanelError(e) && e.status < 500;
}

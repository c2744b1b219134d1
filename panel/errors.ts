/**
 * The one registry of the host's error codes (`<resource>.<verb>`), with the HTTP status each maps
 * to. Every error a client sees is a PanelError rendered by the one formatter in http/errors.ts.
 * Plugins register their own codes with `registerErrorCodes`; a code is never reused for another meaning.
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

export type ErrorDetails = Record<string, unknown>;

export class PanelError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details?: ErrorDetails;
  /** Extra response headers (Retry-After, for example). */
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

export function isPanelError(e: unknown): e is PanelError {
  return e instanceof PanelError;
}

/**
 * The one error formatter of the host: every error response is
 * `{"error":{"code","message","request_id","details"}}`, whatever produced it (a coded error, a
 * body-parser failure, an unknown route, a thrown bug). No stack trace ever reaches a client.
 * A coded error is recognised by its brand and answered with the status it carries, so an error made
 * by another copy of panel/errors.ts (a plugin's own) is rendered as if this copy had made it.
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { HookError } from '../../hooks/index.ts';
import { isPanelError, PanelError, type CodedError, type ErrorDetails } from '../errors.ts';
import { isUnreachable } from '../transient.ts';
import './types.ts';

export interface ErrorBody {
  error: { code: string; message: string; request_id: string; details?: ErrorDetails };
}

export function errorBody(req: Request, code: string, message: string, details?: ErrorDetails): ErrorBody {
  return { error: { code, message, request_id: req.requestId, ...(details ? { details } : {}) } };
}

export function sendError(req: Request, res: Response, err: CodedError): void {
  for (const [name, value] of Object.entries(err.headers ?? {})) res.setHeader(name, value);
  res.status(err.status).json(errorBody(req, err.code, err.message, err.details));
}

/** Maps what Express and body-parser throw to our codes. */
function toPanelError(err: unknown): CodedError {
  if (isPanelError(err)) return err;
  // A tap that refused with a coded error (a filter rejecting a parameter, say): the bus wraps what a
  // tap throws to name the hook and plugin; the client gets the tap's own refusal.
  if (err instanceof HookError && err.code === 'HOOK_TAP_FAILED' && isPanelError(err.cause)) return err.cause;
  const e = err as { type?: string; status?: number; statusCode?: number; expose?: boolean } | undefined;
  const status = e?.status ?? e?.statusCode;
  // Express decodes path parameters with decodeURIComponent: `%ZZ`, or an escape that is not UTF-8 (`%FF`), throws.
  if (err instanceof URIError) {
    return new PanelError('request.malformed', 'The request path has a malformed percent-escape: a % must be followed by two hex digits, and the escaped bytes must be UTF-8.');
  }
  if (e?.type === 'entity.parse.failed') return new PanelError('request.malformed', 'The request body is not valid JSON.');
  if (e?.type === 'entity.too.large') return new PanelError('request.too_large', 'The request body is too large.');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
    return new PanelError('request.unsupported_media_type', 'The request body encoding is not supported.');
  }
  if (status === 400 && e?.expose) return new PanelError('request.malformed', 'The request is malformed.');
  if (isUnreachable(err)) {
    return new PanelError(
      'server.unavailable',
      'The database cannot be reached right now. A write in progress was not confirmed: retry it with the same Idempotency-Key (it runs once), or check the ledger.',
      undefined,
      { 'Retry-After': '5' },
    );
  }
  return new PanelError('server.internal', 'An unexpected error occurred. Quote the request id when reporting it.');
}

export function errorHandler(log: (line: string) => void = (l) => console.error(l)): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const panelError = toPanelError(err);
    if (panelError.status >= 500) {
      log(`[${req.requestId}] ${req.method} ${req.originalUrl}: ${(err as Error)?.stack ?? String(err)}`);
    }
    if (res.headersSent) return;
    sendError(req, res, panelError);
  };
}

export const notFound: RequestHandler = (req, _res, next) => {
  next(new PanelError('route.not_found', `No route matches ${req.method} ${req.path}.`, { method: req.method, path: req.path }));
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The JSON body parser's `verify`: the body must be UTF-8 (RFC 8259 section 8.1), and valid UTF-8, or
 * the parser would turn each bad byte into U+FFFD and the damaged text would be stored as if sent.
 */
export function verifyUtf8Body(_req: unknown, _res: unknown, body: Buffer, charset: string): void {
  if (charset !== 'utf-8') {
    throw new PanelError('request.unsupported_media_type', 'JSON bodies must be UTF-8.', { charset });
  }
  try {
    utf8.decode(body);
  } catch {
    throw new PanelError('request.malformed', 'The request body is not valid UTF-8.');
  }
}

/**
 * JSON-only bodies: a request that carries a body must say `application/json` (415 otherwise).
 * This is also a CSRF layer: a cross-site form or `text/plain` post cannot pass it.
 */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.is('application/json') && !req.is('application/*+json')) {
    next(new PanelError('request.unsupported_media_type', 'Request bodies must be JSON (Content-Type: application/json).', {
      content_type: req.headers['content-type'] ?? null,
    }));
    return;
  }
  next();
};

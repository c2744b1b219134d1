/**
 * Builds the `/api/v1` router from the contract: one route per documented operation, each guarded
 * (identity, capability, step-up), validated, then handled. Every operation must have a handler and
 * every handler an operation, or the boot fails; a documented path called with another method is
 * 405 with `Allow`.
 */
import express, { type Request, type Response, type Router } from 'express';
import { PanelError } from '../errors.ts';
import type { ApiContract, OperationSpec } from './openapi.ts';
import { validateRequest } from './validate.ts';

export interface HandlerContext {
  req: Request;
  res: Response;
  op: OperationSpec;
  query: Record<string, unknown>;
  params: Record<string, string>;
  /** The JSON body, already validated against the operation's schema. */
  body: unknown;
}

export type Handler = (ctx: HandlerContext) => Promise<void> | void;

/** Throws 401/403 when the request may not call the operation (identity, capability, step-up). */
export type Guard = (op: OperationSpec, req: Request) => void;

export function buildApiRouter(contract: ApiContract, handlers: Readonly<Record<string, Handler>>, guard: Guard): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    // Bodies may hold secrets (tokens, TOTP secrets, recovery codes): never cache them.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const known = new Set(contract.operations.map((o) => o.id));
  const stray = Object.keys(handlers).filter((id) => !known.has(id));
  if (stray.length > 0) throw new Error(`Handlers without a documented operation: ${stray.join(', ')}.`);

  const methodsByPath = new Map<string, string[]>();
  for (const op of contract.operations) {
    const handler = handlers[op.id];
    if (!handler) throw new Error(`Operation ${op.id} (${op.method.toUpperCase()} ${op.path}) has no handler.`);
    methodsByPath.set(op.expressPath, [...(methodsByPath.get(op.expressPath) ?? []), op.method.toUpperCase()]);
    router[op.method](op.expressPath, async (req, res) => {
      guard(op, req);
      const input = validateRequest(contract, op, req);
      await handler({ req, res, op, ...input });
    });
  }
  for (const [path, methods] of methodsByPath) {
    router.all(path, (req, res) => {
      res.setHeader('Allow', methods.join(', '));
      throw new PanelError('route.method_not_allowed', `${req.method} is not allowed here; use ${methods.join(' or ')}.`, { allow: methods });
    });
  }
  return router;
}

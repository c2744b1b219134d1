import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import './types.ts';

/** `req_` plus 22 base64url characters (132 random bits). Ours only: a client-sent id never replaces it. */
export function newRequestId(): string {
  return `req_${crypto.randomBytes(17).toString('base64url').slice(0, 22)}`;
}

export const requestId: RequestHandler = (req, res, next) => {
  req.requestId = newRequestId();
  res.setHeader('X-Request-Id', req.requestId);
  next();
};

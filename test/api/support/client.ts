/**
 * HTTP through supertest, with every response checked against the contract. `Browser` behaves like
 * a same-origin browser page: it keeps the `svc_session` cookie it is given and sends
 * `Sec-Fetch-Site: same-origin` on unsafe requests, as browsers do.
 */
import type { Express } from 'express';
import request from 'supertest';
import { checkResponse } from './contract.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface CallOptions {
  /** A JSON body. */
  body?: unknown;
  /** A raw body sent as is (with `contentType`). */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** The svc_session cookie value to send. */
  cookie?: string;
  /** A bearer token to send. */
  bearer?: string;
}

export interface ApiResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  headers: Record<string, string | string[] | undefined>;
  /** The svc_session value set by this response: a string, '' when cleared, undefined when untouched. */
  sessionCookie?: string;
  /** The raw Set-Cookie line for svc_session. */
  setCookieLine?: string;
}

export function sessionCookieOf(headers: Record<string, string | string[] | undefined>): { value?: string; line?: string } {
  const raw = headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const line = lines.filter((l) => l.startsWith('svc_session=')).pop();
  if (!line) return {};
  const value = line.slice('svc_session='.length).split(';')[0];
  return { value: /Max-Age=0(;|$)/.test(line) ? '' : value, line };
}

export async function call(app: Express, method: Method, url: string, opts: CallOptions = {}): Promise<ApiResponse> {
  let req = request(app)[method](url);
  for (const [k, v] of Object.entries(opts.headers ?? {})) req = req.set(k, v);
  if (opts.cookie !== undefined) req = req.set('Cookie', `svc_session=${opts.cookie}`);
  if (opts.bearer !== undefined) req = req.set('Authorization', `Bearer ${opts.bearer}`);
  if (opts.raw !== undefined) req = req.set('Content-Type', opts.contentType ?? 'application/json').send(opts.raw);
  else if (opts.body !== undefined) req = req.send(opts.body as object);
  const res = await req;
  const observed = { status: res.status, headers: res.headers as Record<string, string | string[] | undefined>, body: res.body, text: res.text ?? '' };
  checkResponse(method, url, observed);
  const cookie = sessionCookieOf(observed.headers);
  return { ...observed, sessionCookie: cookie.value, setCookieLine: cookie.line };
}

export class Browser {
  readonly app: Express;
  cookie?: string;

  constructor(app: Express, cookie?: string) {
    this.app = app;
    this.cookie = cookie;
  }

  async request(method: Method, url: string, opts: CallOptions = {}): Promise<ApiResponse> {
    const headers = { ...(method === 'get' ? {} : { 'Sec-Fetch-Site': 'same-origin' }), ...opts.headers };
    const res = await call(this.app, method, url, { cookie: this.cookie, ...opts, headers });
    if (res.sessionCookie !== undefined) this.cookie = res.sessionCookie === '' ? undefined : res.sessionCookie;
    return res;
  }

  get(url: string, opts?: CallOptions) {
    return this.request('get', url, opts);
  }

  post(url: string, body?: unknown, opts: CallOptions = {}) {
    return this.request('post', url, { ...opts, body });
  }

  delete(url: string, opts?: CallOptions) {
    return this.request('delete', url, opts);
  }

  async login(email: string, password: string): Promise<ApiResponse> {
    return this.post('/api/v1/auth/login', { email, password });
  }
}

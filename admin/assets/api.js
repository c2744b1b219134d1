// @ts-check
/**
 * The Seeder REST API from the page: same origin, so the session cookie goes along and the browser
 * sends `Sec-Fetch-Site: same-origin` (the host's CSRF check). Bodies are JSON. Errors arrive as
 * `{"error":{"code","message","details"}}` and are thrown as ApiError. The one call outside the
 * Seeder's REST root is the control panel API's step-up, for writes that need a recent sign-in.
 * Every Seeder write carries an Idempotency-Key, so one whose answer the network lost can be sent
 * again without writing twice (and a batched deletion's batch is one write each).
 */

export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {Record<string, unknown>} details
   */
  constructor(status, code, message, details) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** Parameter name to what is wrong with it, for a 422 `validation.invalid`. @returns {Record<string, string>} */
  get fieldErrors() {
    const params = this.code === 'validation.invalid' ? this.details.params : undefined;
    return params && typeof params === 'object' ? /** @type {Record<string, string>} */ (params) : {};
  }
}

/** @typedef {Record<string, string | number | boolean | undefined>} Query */

/**
 * What one removal covers (`DELETE generated`'s filters): a run, a resource in one store (`platform`),
 * or, with neither, everything in every store; `forget` drops the ledger rows instead.
 * @typedef {{ run_id?: string, resource?: string, platform?: string, forget?: boolean }} CleanupScope
 */

/** The control panel API's step-up (panel/openapi.yaml `stepUp`), when a refusal does not name it. */
export const STEP_UP_URL = '/api/v1/auth/step-up';

/** The code of a 403 that asks for a recent full authentication (panel/auth/step-up.ts). */
export const STEP_UP_REQUIRED = 'auth.step_up_required';

/**
 * One JSON request on this origin with the session cookie; a refusal becomes an ApiError carrying
 * the envelope's code, message and details.
 * @param {'GET' | 'POST' | 'DELETE'} method
 * @param {URL} url
 * @param {unknown} body
 * @param {string} [idempotencyKey] sent as `Idempotency-Key` (a write)
 * @returns {Promise<any>}
 */
async function send(method, url, body, idempotencyKey) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  /** @type {RequestInit} */
  const init = { method, credentials: 'same-origin', headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiError(0, 'network', 'The server could not be reached. Check the connection and try again.', {});
  }
  const text = await res.text();
  /** @type {any} */
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const error = json && typeof json === 'object' && json.error ? json.error : null;
    const code = error?.code ?? (res.status === 401 ? 'auth.unauthenticated' : 'http.error');
    // A 401 for wrong credentials (a step-up password) keeps its own message; any other 401 means the session is gone.
    if (res.status === 401 && code === 'auth.unauthenticated') {
      throw new ApiError(401, code, 'Your session has ended. Reload the page to sign in again.', error?.details ?? {});
    }
    throw new ApiError(res.status, code, error?.message ?? `The server answered ${res.status}.`, error?.details ?? {});
  }
  return json;
}

/** A random UUID (v4) for an Idempotency-Key; `crypto.randomUUID` exists only on https or localhost, `getRandomValues` everywhere. */
export function newIdempotencyKey() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** How many times a write whose key is still running on the server is asked for again (each after its Retry-After). */
const IN_PROGRESS_RETRIES = 30;

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class SeederApi {
  /** @param {string} base the Seeder REST root, `/sites/{id}/rest/seeder/v1` */
  constructor(base) {
    this.base = base.replace(/\/+$/, '');
  }

  /**
   * @param {'GET' | 'POST' | 'DELETE'} method
   * @param {string} path relative to the REST root, without a leading slash
   * @param {{ query?: Query, body?: unknown }} [options]
   * @returns {Promise<any>}
   */
  async request(method, path, { query, body } = {}) {
    const url = new URL(`${this.base}/${path}`, window.location.origin);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    if (method === 'GET') return send(method, url, body);
    return this.#write(method, url, body);
  }

  /**
   * A write (POST or DELETE) carries an Idempotency-Key made once for it. When its answer is lost to
   * the network (the server may have written), it is sent once more with the same key: the server
   * answers what it did, without writing twice, and while the first is still running (409
   * `idempotency.in_progress`) it is asked again after the Retry-After it names.
   * @param {'POST' | 'DELETE'} method @param {URL} url @param {unknown} body
   */
  async #write(method, url, body) {
    const key = newIdempotencyKey();
    try {
      return await send(method, url, body, key);
    } catch (e) {
      if (!(e instanceof ApiError) || e.code !== 'network') throw e;
    }
    for (let attempt = 0; ; attempt++) {
      try {
        return await send(method, url, body, key);
      } catch (e) {
        if (!(e instanceof ApiError) || e.code !== 'idempotency.in_progress' || attempt >= IN_PROGRESS_RETRIES) throw e;
        await sleep(1000 * Number(e.details.retry_after_seconds ?? 2));
      }
    }
  }

  /** @param {string} path @param {Query} [query] */
  get(path, query) {
    return this.request('GET', path, { query });
  }

  /** @param {string} path @param {unknown} [body] */
  post(path, body = {}) {
    return this.request('POST', path, { body });
  }

  /** @param {string} path @param {unknown} [body] */
  delete(path, body) {
    return this.request('DELETE', path, { body });
  }

  /**
   * Re-authenticates the session with the password (the control panel API's step-up), after a write
   * was refused with 403 `auth.step_up_required`; the caller then retries that write once. A wrong
   * password is 401 `auth.invalid_credentials`, thrown with the API's message; the session stays as it was.
   * @param {string} password
   * @param {string} [url] the step-up address the refusal named (`details.step_up_url`)
   * @returns {Promise<unknown>}
   */
  stepUp(password, url = STEP_UP_URL) {
    // Only an address on this origin: the password goes nowhere else, whatever a refusal says.
    const named = new URL(url, window.location.origin);
    const target = named.origin === window.location.origin ? named : new URL(STEP_UP_URL, window.location.origin);
    return send('POST', target, { password });
  }

  /**
   * Batched deletion (the spec's rule 3): `DELETE generated` repeated until `remaining` is 0. Stops
   * early when a batch deletes nothing (every remaining row refused), so it never loops forever.
   * @param {CleanupScope} scope
   * @param {(progress: { deleted: number, remaining: number }) => void} [onProgress]
   * @returns {Promise<{ deleted: number, remaining: number, by_resource: Record<string, number>, errors: string[], batches: number }>}
   */
  async drainGenerated(scope, onProgress) {
    let deleted = 0;
    let batches = 0;
    /** @type {Record<string, number>} */
    const byResource = {};
    const errors = new Set();
    for (;;) {
      /** @type {import('./types.js').CleanupResult} */
      // Without limit each call deletes the endpoint's default batch.
      const res = await this.delete('generated', scope);
      batches += 1;
      deleted += res.deleted;
      for (const [r, n] of Object.entries(res.by_resource)) byResource[r] = (byResource[r] ?? 0) + n;
      for (const e of res.errors) errors.add(e);
      onProgress?.({ deleted, remaining: res.remaining });
      if (res.remaining === 0 || res.deleted === 0) return { deleted, remaining: res.remaining, by_resource: byResource, errors: [...errors], batches };
    }
  }
}

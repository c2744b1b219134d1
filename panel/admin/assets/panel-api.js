// @ts-check
/**
 * The control panel API (`/api/v1`) from the panel's own admin screens: same origin, so the session
 * cookie goes along and the browser sends `Sec-Fetch-Site: same-origin` (the CSRF check). Errors
 * arrive in the envelope `{"error":{"code","message","details"}}` and are thrown as ApiError.
 * `withStepUp` runs a change and, when it is refused with 403 `auth.step_up_required` (the last
 * sign-in is older than five minutes), asks for the password in a modal dialog (Cancel focused
 * last, Escape cancels), steps up (POST /api/v1/auth/step-up) and runs the change once more.
 */

export class ApiError extends Error {
  /** @param {number} status @param {string} code @param {string} message @param {Record<string, any>} details */
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

const STEP_UP_URL = '/api/v1/auth/step-up';

/**
 * @param {'GET' | 'POST' | 'PATCH' | 'DELETE'} method
 * @param {string} path under /api/v1 (`/operators/me`, `/sites`), or a root-relative URL starting `/api/`
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function api(method, path, body) {
  const url = path.startsWith('/api/') ? path : `/api/v1${path}`;
  /** @type {RequestInit} */
  const init = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiError(0, 'network', 'The panel could not be reached. Check the connection and try again.', {});
  }
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const error = json?.error ?? {};
    const code = error.code ?? 'http.error';
    if (res.status === 401 && code === 'auth.unauthenticated') {
      throw new ApiError(401, code, 'Your session has ended. Reload the page to sign in again.', error.details ?? {});
    }
    throw new ApiError(res.status, code, error.message ?? `The panel answered ${res.status}.`, error.details ?? {});
  }
  return json;
}

let ids = 0;
/** @param {string} prefix */
export const uid = (prefix) => `${prefix}-${++ids}`;

/**
 * An element: `h('p', { class: 'x' }, 'text', child)`. Attributes with false/undefined are left out,
 * true is an empty attribute; text is always text, never markup.
 * @param {string} tag @param {Record<string, string | boolean | undefined>} [attrs] @param {...(Node | string | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === undefined) continue;
    el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** @param {string | null} iso */
export function when(iso) {
  if (!iso) return 'never';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The step-up dialog; resolves true once the session is freshly authenticated, false on Cancel. @param {string} action @param {HTMLElement | null} returnFocus */
function stepUpDialog(action, returnFocus) {
  return new Promise((resolve) => {
    const titleId = uid('step-up-title');
    const textId = uid('step-up-text');
    const passwordId = uid('step-up-password');
    const password = /** @type {HTMLInputElement} */ (h('input', { id: passwordId, type: 'password', autocomplete: 'current-password', required: true, 'aria-describedby': `${passwordId}-error` }));
    const error = h('p', { id: `${passwordId}-error`, class: 'field-error', role: 'alert' });
    const confirm = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit' }, 'Confirm'));
    const cancel = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'button-secondary' }, 'Cancel'));
    const form = h(
      'form',
      { class: 'stack' },
      h('h2', { id: titleId }, 'Confirm your password'),
      h('p', { id: textId }, `${action} needs a sign-in within the last 5 minutes. Enter your password again to go on.`),
      h('div', { class: 'field' }, h('label', { for: passwordId }, 'Password'), password, error),
      h('p', { class: 'dialog-actions' }, cancel, confirm),
    );
    const dialog = /** @type {HTMLDialogElement} */ (h('dialog', { class: 'panel-dialog', 'aria-labelledby': titleId, 'aria-describedby': textId }, form));
    let checking = false;
    dialog.addEventListener('cancel', (event) => {
      if (checking) event.preventDefault();
    });
    cancel.addEventListener('click', () => dialog.close('cancel'));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      checking = true;
      confirm.disabled = cancel.disabled = true;
      try {
        await api('POST', STEP_UP_URL, { password: password.value });
        dialog.close('ok');
      } catch (e) {
        error.textContent = `Not confirmed: ${/** @type {Error} */ (e).message}`;
        password.setAttribute('aria-invalid', 'true');
        password.value = '';
        password.focus();
      } finally {
        checking = false;
        confirm.disabled = cancel.disabled = false;
      }
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      returnFocus?.focus();
      resolve(dialog.returnValue === 'ok');
    });
    document.body.append(dialog);
    dialog.showModal();
    password.focus();
  });
}

/**
 * Runs `write`; when it is refused for an old sign-in, asks for the password and runs it once more.
 * @template T
 * @param {() => Promise<T>} write
 * @param {{ action: string, returnFocus?: HTMLElement | null }} options
 * @returns {Promise<{ done: true, value: T } | { done: false }>}
 */
export async function withStepUp(write, { action, returnFocus }) {
  try {
    return { done: true, value: await write() };
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 403 && e.code === 'auth.step_up_required')) throw e;
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    if (!(await stepUpDialog(action, returnFocus ?? active))) return { done: false };
  }
  return { done: true, value: await write() };
}

/**
 * Runs an action from a form or button: disables it while it runs, writes the outcome into `status`
 * (a live region next to the button) and returns the value, or undefined when it failed or was cancelled.
 * @template T
 * @param {{ busy: Array<HTMLButtonElement | HTMLInputElement>, status: HTMLElement | null, action: string, done?: string }} o
 * @param {() => Promise<T>} write
 * @returns {Promise<T | undefined>}
 */
export async function act(o, write) {
  for (const b of o.busy) b.disabled = true;
  if (o.status) {
    o.status.textContent = `${o.action}…`;
    o.status.classList.remove('is-error');
  }
  try {
    const result = await withStepUp(write, { action: o.action, returnFocus: o.busy[0] });
    if (!result.done) {
      if (o.status) o.status.textContent = 'Cancelled; nothing changed.';
      return undefined;
    }
    if (o.status) o.status.textContent = o.done ?? 'Done.';
    return result.value;
  } catch (e) {
    if (o.status) {
      o.status.textContent = /** @type {Error} */ (e).message;
      o.status.classList.add('is-error');
    }
    return undefined;
  } finally {
    for (const b of o.busy) b.disabled = false;
  }
}

/** Copies text, saying so in `status`. @param {string} text @param {HTMLElement} status */
export async function copy(text, status) {
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = 'Copied.';
  } catch {
    status.textContent = 'Copying is not allowed here; select the text and copy it by hand.';
  }
}

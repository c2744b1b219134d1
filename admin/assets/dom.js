// @ts-check
/**
 * Small DOM helpers for the Seeder screen. Everything is built with createElement and textContent:
 * no HTML strings, so nothing a store or a plugin returns can become markup, and no inline styles
 * (the admin's Content-Security-Policy allows stylesheets from this origin only).
 */

/**
 * @typedef {string | number | boolean | null | undefined | Node} ChildItem
 * @typedef {ChildItem | ReadonlyArray<ChildItem | ReadonlyArray<ChildItem>>} Child
 * @typedef {Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>} Attrs
 */

/**
 * Creates an element. Attributes: `class`, `text`, `on<event>` (a listener), booleans (present when
 * true), everything else as an attribute; `null`, `undefined` and `false` are left out.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value);
    else if (name === 'class') el.className = String(value);
    else if (name === 'text') el.textContent = String(value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

/**
 * @param {Element} parent
 * @param {Child[]} children
 */
export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false || child === true) continue;
    parent.append(child instanceof Node ? child : String(child));
  }
}

/**
 * Replaces an element's children.
 * @param {Element} el
 * @param {...Child} children
 */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

let ids = 0;
/** A document-unique id for label/aria wiring. @param {string} prefix */
export function uid(prefix) {
  return `${prefix}-${++ids}`;
}

const numbers = new Intl.NumberFormat(undefined);
/** @param {number} n */
export function formatNumber(n) {
  return numbers.format(n);
}

const dates = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** An ISO time as a local date and time; anything unparseable as it came. @param {string | null | undefined} iso */
export function formatDate(iso) {
  if (!iso) return '';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : dates.format(new Date(t));
}

/**
 * A locale's label as people read it: "German (Germany)". The code is added only when the label does
 * not carry it already. @param {{ code: string, label: string }} l
 */
export function localeLabel(l) {
  return l.label.includes(l.code) ? l.label : `${l.label} (${l.code})`;
}

/** @type {Intl.DisplayNames | null} */
let regions = null;
/** A region's name in the reader's language (the browser's own list): "DE" -> "Germany". @param {string} code */
export function countryName(code) {
  try {
    regions ??= new Intl.DisplayNames(typeof navigator === 'undefined' ? undefined : navigator.languages, { type: 'region' });
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/** `price_range` -> `Price range`. @param {string} name */
export function humanise(name) {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "1 product" / "3 products" with a plural the caller gives. @param {number} n @param {string} one @param {string} many */
export function plural(n, one, many) {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/**
 * Runs `task` with `controls` disabled and `region` marked busy; restores them afterwards, even on
 * failure. Controls that were disabled before stay disabled. Disabling the focused control drops
 * focus to the page, so that control gets it back unless something else took it meanwhile.
 * @template T
 * @param {Iterable<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>} controls
 * @param {HTMLElement | null} region
 * @param {() => Promise<T>} task
 * @returns {Promise<T>}
 */
export async function whileBusy(controls, region, task) {
  const list = [...controls].filter((c) => !c.disabled);
  const focused = list.find((c) => c === document.activeElement);
  for (const c of list) c.disabled = true;
  region?.setAttribute('aria-busy', 'true');
  try {
    return await task();
  } finally {
    for (const c of list) c.disabled = false;
    region?.removeAttribute('aria-busy');
    if (focused?.isConnected && (!document.activeElement || document.activeElement === document.body)) focused.focus();
  }
}

/**
 * A modal confirmation built on `<dialog>`: focus moves into it, Escape cancels, and the answer
 * comes back as a promise. `danger` styles the confirming button as destructive.
 * @param {{ title: string, message: Child, confirm: string, danger?: boolean }} options
 * @returns {Promise<boolean>}
 */
export function confirmDialog({ title, message, confirm, danger = false }) {
  return new Promise((resolve) => {
    const titleId = uid('confirm-title');
    const ok = h('button', { type: 'submit', value: 'ok', class: danger ? 'button-danger' : null }, confirm);
    const cancel = h('button', { type: 'submit', value: 'cancel', class: 'button-secondary' }, 'Cancel');
    const dialog = h(
      'dialog',
      { class: 'seeder-dialog', 'aria-labelledby': titleId },
      h('form', { method: 'dialog' }, h('h2', { id: titleId }, title), h('div', { class: 'seeder-dialog-body' }, message), h('p', { class: 'seeder-actions' }, cancel, ok)),
    );
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'ok');
      dialog.remove();
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}

/** Moves focus to a result just rendered (its first heading), so a keyboard or screen-reader user lands on it. @param {HTMLElement} container */
export function focusResult(container) {
  const target = /** @type {HTMLElement | null} */ (container.querySelector('h3, h2')) ?? container;
  target.tabIndex = -1;
  target.focus();
}

/** Low-level network failures the server may pass on from a download, in words. */
const NETWORK_WORDS = /** @type {Array<[RegExp, string]>} */ ([
  [/\b(ENOTFOUND|EAI_AGAIN)\b/, 'the download server’s name could not be found (no internet connection, or a wrong address)'],
  [/\bECONNREFUSED\b/, 'the download server refused the connection'],
  [/\b(ETIMEDOUT|ESOCKETTIMEDOUT|UND_ERR_CONNECT_TIMEOUT)\b|timed? ?out/i, 'the download server did not answer in time'],
  [/\b(ECONNRESET|EPIPE|UND_ERR_SOCKET)\b|socket hang up/i, 'the connection to the download server was cut off'],
  [/\b(CERT_|UNABLE_TO_VERIFY|SELF_SIGNED|DEPTH_ZERO)\w*/, 'the download server’s certificate could not be verified'],
  [/\bfetch failed\b/i, 'the download server could not be reached'],
]);

/** A message with low-level network codes (`getaddrinfo ENOTFOUND example.org`) said in words. @param {string} message */
export function inWords(message) {
  for (const [pattern, words] of NETWORK_WORDS) if (pattern.test(message)) return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
  return message;
}

/**
 * Messages grouped by cause: those that differ only in the values they name (a SKU, an email, a
 * number) become one line, "…, and 4 more like it". Exact repeats become one line too.
 * @param {readonly string[]} messages
 * @returns {string[]}
 */
export function groupMessages(messages) {
  /** @type {Map<string, { first: string, n: number }>} */
  const groups = new Map();
  for (const raw of messages) {
    const m = inWords(String(raw));
    const shape = m.replace(/"[^"]*"|'[^']*'|“[^”]*”|\S*\d\S*|\S+@\S+/g, '#');
    const g = groups.get(shape);
    if (g) g.n += 1;
    else groups.set(shape, { first: m, n: 1 });
  }
  return [...groups.values()].map((g) => (g.n > 1 ? `${g.first.replace(/\.$/, '')} (and ${formatNumber(g.n - 1)} more like it).` : g.first));
}

/**
 * What an error says to a person, one line per cause: the envelope's message, then its
 * `details.errors` grouped (a repeated refusal per record becomes one line), network codes in words.
 * @param {unknown} error
 * @returns {string[]}
 */
export function errorLines(error) {
  const e = /** @type {{ message?: unknown, details?: { errors?: unknown } }} */ (error);
  const details = Array.isArray(e?.details?.errors) ? /** @type {string[]} */ (e.details.errors) : [];
  let head = inWords(String(e?.message ?? error));
  // The envelope's message often repeats the per-record reasons after a colon: keep its first part.
  const joined = details.join(' ');
  if (details.length > 1 && joined && head.includes(joined)) head = head.replace(joined, '').replace(/\s{2,}/g, ' ').replace(/[:\s]+$/, '').trim();
  else if (details.length > 1) head = head.split(': ')[0];
  if (details.length > 1 && !/[.!?]$/.test(head)) head += '.';
  return details.length > 1 ? [head, ...groupMessages(details)] : [head];
}

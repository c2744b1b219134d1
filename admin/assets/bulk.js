// @ts-check
/**
 * "Many records": a total larger than one request, made the way `panel seeder generate --total` makes
 * it (controllers/generate-many.ts): requests of at most `count_per_request`, request k with the seed
 * `<base seed>:k` (controllers/runs.ts `chunkSeed`), all under one run id (`recipe_run`, as REST's
 * client-driven runs do), so one "Undo this run" removes the whole run. The page sends the requests
 * itself, so it shows progress (records done, rate, time left) and can stop between two requests:
 * what was written stays in the ledger and can be undone.
 */
import { ApiError } from './api.js';
import { errorLines, focusResult, formatNumber, groupMessages, h, plural, replace, uid } from './dom.js';
import { undoRun } from './undo.js';

/** @typedef {import('./state.js').SeederState} SeederState */
/** @typedef {import('./types.js').AdminResource} AdminResource */
/** @typedef {import('./types.js').GenerateResult} GenerateResult */

/** The sizes of the requests `total` records take (controllers/runs.ts `chunkCounts`). @param {number} total @param {number} size */
export function chunkCounts(total, size) {
  /** @type {number[]} */
  const out = [];
  for (let done = 0; done < total; done += size) out.push(Math.min(size, total - done));
  return out;
}

/** @param {ArrayBuffer} buf */
const base64url = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * The seed of request `chunk` of a run whose base seed is `base`, exactly as controllers/runs.ts
 * `chunkSeed` makes it (test/admin/seeder-bulk.test.ts checks the two agree).
 * @param {string} base @param {number} chunk @param {number} maxLength
 */
export async function chunkSeed(base, chunk, maxLength) {
  const plain = `${base}:${chunk}`;
  if (plain.length <= maxLength) return plain;
  const digest = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(base))).slice(0, 22);
  const tail = `~${digest}:${chunk}`;
  return `${base.slice(0, maxLength - tail.length)}${tail}`;
}

/** A fresh run id like the server's (`run_` and 12 base64url characters). */
function newRunId() {
  return `run_${base64url(crypto.getRandomValues(new Uint8Array(9)).buffer)}`;
}

/** "1 min 20 s", "45 s". @param {number} seconds */
function duration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${s % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/**
 * The "Many records" part of the Generate section.
 * @param {SeederState} state
 * @param {{ resource: () => AdminResource, values: () => { params: Record<string, unknown> } | null, target: () => { platform: string | undefined } | null, controls: () => Array<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>, results: HTMLElement }} form
 */
export function bulkPart(state, form) {
  const perRequest = state.payload.count_per_request;
  const id = uid('bulk-total');
  const total = h('input', { id, type: 'number', inputmode: 'numeric', min: 1, max: state.payload.max_total, step: 1, 'aria-describedby': `${id}-hint ${id}-error` });
  const error = h('p', { id: `${id}-error`, class: 'seeder-field-error', hidden: true });
  const start = h('button', { type: 'button', class: 'seeder-bulk-start' }, 'Run in batches');
  const cancel = h('button', { type: 'button', class: 'button-secondary seeder-bulk-cancel', hidden: true }, 'Cancel');
  const progress = h('progress', { max: 1, value: 0, hidden: true, 'aria-label': 'Records generated so far' });
  const status = h('p', { class: 'seeder-bulk-status', role: 'status' });
  const messages = state.messages();
  const element = h(
    'fieldset',
    { class: 'seeder-group seeder-bulk' },
    h('legend', {}, 'Many records'),
    h(
      'div',
      { class: 'field' },
      h('label', { for: id }, 'Total'),
      total,
      h('p', { id: `${id}-hint`, class: 'hint' }, `Up to ${formatNumber(state.payload.max_total)}, made ${formatNumber(perRequest)} at a time with the values above, as one run that "Undo this run" removes whole. The seed above, if given, makes the same records every time.`),
      error,
    ),
    h('p', { class: 'seeder-actions' }, start, cancel),
    progress,
    status,
    messages.element,
  );
  let cancelled = false;
  cancel.addEventListener('click', () => {
    cancelled = true;
    cancel.disabled = true;
    status.textContent = 'Stopping after the request under way…';
  });
  total.addEventListener('input', () => {
    error.hidden = true;
    total.removeAttribute('aria-invalid');
  });

  start.addEventListener('click', async () => {
    messages.clear();
    const n = Number(total.value);
    if (!total.value || !total.checkValidity() || !Number.isSafeInteger(n)) {
      error.textContent = `Enter a whole number from 1 to ${formatNumber(state.payload.max_total)}.`;
      error.hidden = false;
      total.setAttribute('aria-invalid', 'true');
      total.focus();
      return;
    }
    const values = form.values();
    if (!values) return;
    const target = form.target();
    if (!target) return;
    const resource = form.resource();
    const { count: _count, seed: givenSeed, ...rest } = values.params;
    const maxLength = Number(resource.schema.properties?.seed?.maxLength ?? 64);
    const base = givenSeed === undefined || givenSeed === '' ? String(1 + Math.floor(Math.random() * (2 ** 31 - 2))) : String(givenSeed);
    const runId = newRunId();
    const chunks = chunkCounts(n, perRequest);
    const controls = form.controls().filter((c) => !c.disabled);
    for (const c of [...controls, total, start]) c.disabled = true;
    cancelled = false;
    cancel.hidden = false;
    cancel.disabled = false;
    progress.hidden = false;
    progress.max = n;
    progress.value = 0;
    replace(form.results);
    const began = performance.now();
    let done = 0;
    let created = 0;
    let failed = 0;
    /** @type {string | null} */
    let platform = target.platform ?? null;
    /** @type {string[]} */
    const errors = [];
    /** @type {string[] | null} */
    let stopped = null;
    const label = resource.label.toLowerCase();
    status.textContent = `Generating ${formatNumber(n)} ${label}…`;
    try {
      for (const [k, size] of chunks.entries()) {
        if (cancelled) break;
        const body = { ...rest, count: size, seed: await chunkSeed(base, k, maxLength), recipe_run: runId, ...(target.platform ? { platform: target.platform } : {}) };
        try {
          /** @type {GenerateResult} */
          const result = await state.api.post(`${resource.base}/generate`, body);
          platform = result.platform;
          created += result.created_count;
          failed += result.failed;
          errors.push(...result.errors);
        } catch (e) {
          // As generateMany does: a request that wrote nothing costs its own rows; anything else stops the run.
          const code = e instanceof ApiError ? e.code : '';
          const details = e instanceof ApiError ? e.details : {};
          const storeConflict = code === 'generation.conflict' && Array.isArray(details.run_ids) && details.run_ids.length === 0;
          if (code !== 'generation.failed' && !storeConflict) {
            stopped = errorLines(e);
            if (created > 0) failed += n - done;
            break;
          }
          failed += size;
          errors.push(...(Array.isArray(details.errors) ? /** @type {string[]} */ (details.errors) : [/** @type {Error} */ (e).message]));
        }
        done += size;
        progress.value = done;
        const seconds = (performance.now() - began) / 1000;
        const rate = done / Math.max(seconds, 0.001);
        status.textContent = `${formatNumber(done)} of ${formatNumber(n)} ${label} done · ${formatNumber(Math.round(rate))} per second · ${done < n ? `about ${duration((n - done) / rate)} left` : 'finishing'}`;
      }
    } finally {
      for (const c of [...controls, total, start]) c.disabled = false;
      cancel.hidden = true;
    }
    await state.refreshLedger().catch(() => undefined);
    const seconds = (performance.now() - began) / 1000;
    const headingId = uid('bulk-result');
    const how = stopped ? 'Stopped' : cancelled && done < n ? 'Cancelled' : 'Done';
    const where = platform ? ` in ${state.platformLabel(platform)}` : '';
    status.textContent = '';
    if (stopped) messages.fail([`The run stopped: ${stopped[0]}`, ...stopped.slice(1)]);
    replace(
      form.results,
      h(
        'section',
        { class: 'seeder-report seeder-bulk-report', 'aria-labelledby': headingId, 'data-run-id': runId },
        h('h3', { id: headingId }, `${how}: created ${formatNumber(created)} of ${formatNumber(n)} ${label}${where}`),
        h(
          'dl',
          { class: 'seeder-facts' },
          h('dt', {}, 'Created'),
          h('dd', {}, formatNumber(created)),
          h('dt', {}, 'Failed'),
          h('dd', {}, formatNumber(failed)),
          cancelled && done < n ? [h('dt', {}, 'Not asked for'), h('dd', {}, `${formatNumber(n - done)} (cancelled)`)] : null,
          h('dt', {}, 'Requests'),
          h('dd', {}, `${formatNumber(Math.ceil(done / perRequest))} of ${formatNumber(chunks.length)}`),
          h('dt', {}, 'Time'),
          h('dd', {}, duration(seconds)),
          h('dt', {}, 'Seed'),
          h('dd', {}, base),
          h('dt', {}, 'Run id'),
          h('dd', {}, h('code', {}, runId)),
        ),
        errors.length ? h('div', { class: 'notice notice-error' }, h('p', {}, `${plural(failed, 'record', 'records')} failed:`), h('ul', {}, groupMessages(errors).map((m) => h('li', {}, m)))) : null,
        created > 0 ? undoRun(state, runId, { count: created, platform, what: label }) : null,
      ),
    );
    focusResult(form.results);
  });

  return { element };
}

// @ts-check
/**
 * "Generate": one resource at a time, its parameter form built from its schema, Preview (touches
 * nothing) and Generate (writes through the store's driver and the ledger), then "Undo this run".
 * Preview and Generate send the same parameters; when the seed is left empty the preview's seed is
 * filled in, so Generate writes exactly the rows the preview showed.
 */
import { ApiError } from './api.js';
import { formatNumber, h, plural, replace, uid, whileBusy } from './dom.js';
import { schemaForm } from './schema-form.js';
import { describeCell, platformPicker } from './state.js';

/** @typedef {import('./state.js').SeederState} SeederState */
/** @typedef {import('./types.js').AdminResource} AdminResource */
/** @typedef {import('./types.js').PreviewResult} PreviewResult */
/** @typedef {import('./types.js').GenerateResult} GenerateResult */

/**
 * @param {SeederState} state
 * @param {HTMLElement} panel
 */
export function mountGenerate(state, panel) {
  const resources = state.payload.resources;
  if (resources.length === 0) {
    panel.append(h('h2', {}, 'Generate'), h('p', {}, 'No resources are offered on this screen.'));
    return;
  }
  const picker = platformPicker(state);
  const selectId = uid('resource');
  const resourceSelect = h('select', { id: selectId, name: 'resource' });
  const support = h('div', { class: 'seeder-support', 'aria-live': 'polite' });
  const fieldsBox = h('div');
  const previewButton = h('button', { type: 'submit', value: 'preview', class: 'button-secondary' }, 'Preview');
  const generateButton = h('button', { type: 'submit', value: 'generate' }, 'Generate');
  const formError = h('p', { class: 'form-message', role: 'alert', hidden: true });
  const form = h(
    'form',
    { class: 'seeder-generate-form', novalidate: true },
    picker.element,
    h('div', { class: 'field' }, h('label', { for: selectId }, 'Resource'), resourceSelect),
    support,
    fieldsBox,
    formError,
    h('p', { class: 'seeder-actions' }, previewButton, generateButton),
  );
  const results = h('div', { class: 'seeder-results' });
  panel.append(h('h2', {}, 'Generate'), h('p', {}, 'Preview shows what would be written and touches nothing; Generate writes it and records every row in the ledger.'), form, results);

  /** @type {AdminResource} */
  let resource = resources[0];
  /** @type {ReturnType<typeof schemaForm>} */
  let params;

  const effective = () => state.effectivePlatform();
  const renderOptions = () => {
    const current = resourceSelect.value || resource.name;
    replace(
      resourceSelect,
      resources.map((r) => {
        const cell = effective() ? state.cellFor(r.name) : undefined;
        const note = effective() && !describeCell(cell).supported ? ` (not supported by ${state.platformLabel(effective())})` : '';
        return h('option', { value: r.name }, `${r.label}${note}`);
      }),
    );
    resourceSelect.value = current;
  };
  const renderSupport = () => {
    const platform = effective();
    params.setPlatform(platform);
    if (!platform) {
      replace(support);
      generateButton.hidden = false;
      return;
    }
    const d = describeCell(state.cellFor(resource.name));
    generateButton.hidden = !d.supported;
    if (!d.supported) {
      replace(
        support,
        h('p', { class: 'notice notice-warning seeder-unsupported-reason' }, `${state.platformLabel(platform)} cannot hold ${resource.label.toLowerCase()}: `, d.reason ?? 'this store has no writer for them.'),
      );
    } else if (d.reason) {
      replace(support, h('p', { class: 'notice notice-info' }, `${d.label}: ${d.reason}`));
    } else {
      replace(support);
    }
  };
  const renderForm = () => {
    params = schemaForm(resource, {
      locales: state.payload.locales,
      recipes: state.payload.recipes.recipes.map((r) => ({ id: r.id, name: r.name })),
      platformLabel: (id) => state.platformLabel(id),
      lookup: (resource, search) => state.api.get('lookup', { resource, search, platform: state.effectivePlatform() ?? undefined }),
    });
    replace(fieldsBox, params.element);
    formError.hidden = true;
    renderSupport();
  };

  resourceSelect.addEventListener('change', () => {
    resource = resources.find((r) => r.name === resourceSelect.value) ?? resources[0];
    renderForm();
    replace(results);
  });
  for (const event of ['choice', 'platforms']) {
    state.addEventListener(event, () => {
      renderOptions();
      renderSupport();
    });
  }
  renderOptions();
  renderForm();

  /** @param {string | null} message */
  const showFormError = (message) => {
    formError.textContent = message ?? '';
    formError.hidden = !message;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const action = /** @type {SubmitEvent} */ (event).submitter === generateButton ? 'generate' : 'preview';
    showFormError(null);
    params.clearErrors();
    const values = params.values();
    if ('problems' in values) {
      showFormError('Some fields need attention; see the messages next to them.');
      values.focus.focus();
      return;
    }
    /** @type {{ platform: string | undefined } | null} */
    let target = { platform: state.choice || undefined };
    if (action === 'generate') {
      target = picker.check();
      if (!target) return;
    }
    const body = { ...values.params, ...(target.platform ? { platform: target.platform } : {}) };
    const controls = /** @type {HTMLButtonElement[]} */ ([previewButton, generateButton]);
    await whileBusy(controls, panel, async () => {
      state.announce(action === 'preview' ? `Previewing ${resource.label.toLowerCase()}…` : `Generating ${resource.label.toLowerCase()}…`);
      try {
        if (action === 'preview') {
          /** @type {PreviewResult} */
          const preview = await state.api.post(`${resource.base}/preview`, body);
          const seedFilled = params.seed() === '';
          if (seedFilled) params.setSeed(preview.seed);
          replace(results, previewView(state, resource, preview, seedFilled));
          state.announce(`Preview: ${plural(preview.count, 'row', 'rows')}; nothing was written.`);
        } else {
          /** @type {GenerateResult} */
          const result = await state.api.post(`${resource.base}/generate`, body);
          replace(results, generateView(state, resource, result));
          state.announce(`Created ${formatNumber(result.created_count)} of ${formatNumber(result.requested)} ${resource.label.toLowerCase()}.`);
          await state.refreshLedger();
        }
      } catch (e) {
        if (e instanceof ApiError && e.code === 'validation.invalid') {
          const unplaced = params.showErrors(e.fieldErrors);
          showFormError(unplaced.length ? `${e.message}. ${unplaced.join(' ')}` : `${e.message}. See the messages next to the fields.`);
          state.fail(`${e.message}. Nothing was written.`);
        } else {
          const message = /** @type {Error} */ (e).message;
          showFormError(message);
          state.fail(action === 'generate' ? `Nothing was generated: ${message}` : `The preview failed: ${message}`);
          await state.recoverFrom(e);
        }
      }
    });
  });
}

/** Values a table cell can show as they are. @param {unknown} v */
function isScalar(v) {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v);
}

/** @param {unknown} v */
function cellText(v) {
  if (v === null) return '—';
  const s = String(v);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}

/**
 * The preview as a table of the rows' scalar fields; each row opens to its full JSON.
 * @param {SeederState} state @param {AdminResource} resource @param {PreviewResult} preview @param {boolean} seedFilled
 */
function previewView(state, resource, preview, seedFilled) {
  const rows = /** @type {Array<Record<string, unknown>>} */ (preview.rows);
  /** @type {string[]} */
  const columns = [];
  for (const row of rows) for (const [k, v] of Object.entries(row)) if (k !== 'key' && isScalar(v) && !columns.includes(k)) columns.push(k);
  const headingId = uid('preview');
  const body = h('tbody');
  rows.forEach((row, i) => {
    const detailId = uid('row');
    const toggle = h('button', { type: 'button', class: 'button-secondary seeder-disclosure', 'aria-expanded': 'false', 'aria-controls': detailId }, `Row ${i + 1}`);
    const detail = h('tr', { id: detailId, class: 'seeder-row-detail', hidden: true }, h('td', { colspan: columns.length + 1 }, h('pre', {}, JSON.stringify(row, null, 2))));
    toggle.addEventListener('click', () => {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(open));
      detail.hidden = !open;
    });
    body.append(
      h(
        'tr',
        { class: 'seeder-preview-row' },
        h('th', { scope: 'row' }, toggle),
        columns.map((c) => {
          const td = h('td', { 'data-column': c }, cellText(row[c] ?? null));
          if (String(row[c] ?? '').length > 80) td.title = String(row[c]);
          return td;
        }),
      ),
      detail,
    );
  });
  return h(
    'section',
    { class: 'seeder-preview', 'aria-labelledby': headingId },
    h('h3', { id: headingId }, `Preview: ${plural(preview.count, 'row', 'rows')} of ${resource.label.toLowerCase()}`),
    h(
      'p',
      {},
      `Nothing was written. Seed ${preview.seed}, locale ${preview.locale}, `,
      preview.platform ? `existing records of ${state.platformLabel(preview.platform)}.` : 'no store (rows that refer to existing records may differ once a store is chosen).',
      seedFilled ? ' The seed was filled in above, so Generate writes these rows.' : '',
    ),
    h(
      'div',
      { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-labelledby': headingId },
      h('table', { class: 'seeder-table seeder-preview-table' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), columns.map((c) => h('th', { scope: 'col' }, c)))), body),
    ),
  );
}

/**
 * What generate created, with "Undo this run".
 * @param {SeederState} state @param {AdminResource} resource @param {GenerateResult} result
 */
function generateView(state, resource, result) {
  const headingId = uid('generated');
  const undo = undoRun(state, result.run_id);
  return h(
    'section',
    { class: 'seeder-report', 'aria-labelledby': headingId, 'data-run-id': result.run_id },
    h('h3', { id: headingId }, `Created ${formatNumber(result.created_count)} of ${formatNumber(result.requested)} ${resource.label.toLowerCase()} in ${state.platformLabel(result.platform)}`),
    result.created.length ? h('ul', { class: 'seeder-created' }, result.created.map((c) => h('li', {}, c.summary))) : null,
    result.failed
      ? h('div', { class: 'notice notice-error' }, h('p', {}, `${plural(result.failed, 'record', 'records')} failed:`), h('ul', {}, result.errors.map((e) => h('li', {}, e))))
      : null,
    result.ignored_parameters.length ? h('p', { class: 'notice notice-info' }, `${state.platformLabel(result.platform)} ignored: ${result.ignored_parameters.join(', ')}.`) : null,
    h('dl', { class: 'seeder-facts' }, h('dt', {}, 'Failed'), h('dd', {}, formatNumber(result.failed)), h('dt', {}, 'Seed'), h('dd', {}, result.seed), h('dt', {}, 'Locale'), h('dd', {}, result.locale), h('dt', {}, 'Run id'), h('dd', {}, h('code', {}, result.run_id))),
    undo,
  );
}

/**
 * "Undo this run": `DELETE generated {run_id}` until nothing remains, with progress, then what went.
 * Shared by Generate and Recipes.
 * @param {SeederState} state
 * @param {string} runId
 */
export function undoRun(state, runId) {
  const button = h('button', { type: 'button', class: 'button-secondary seeder-undo' }, 'Undo this run');
  const progress = h('progress', { max: 1, value: 0, hidden: true, 'aria-label': 'Removing the run' });
  const outcome = h('p', { class: 'seeder-undo-outcome' });
  const box = h('div', { class: 'seeder-undo-box' }, h('p', { class: 'seeder-actions' }, button), progress, outcome);
  const labels = new Map(state.payload.resources.map((r) => /** @type {[string, string]} */ ([r.name, r.label])));
  button.addEventListener('click', async () => {
    progress.hidden = false;
    await whileBusy([button], box, async () => {
      try {
        const done = await state.api.drainGenerated({ run_id: runId }, ({ deleted, remaining }) => {
          progress.max = deleted + remaining || 1;
          progress.value = deleted;
          state.announce(`Removing the run: ${formatNumber(deleted)} removed, ${formatNumber(remaining)} remaining…`);
        });
        const parts = Object.entries(done.by_resource).map(([r, n]) => `${labels.get(r) ?? r} ${formatNumber(n)}`);
        const text = `Removed ${plural(done.deleted, 'record', 'records')}${parts.length ? ` (${parts.join(', ')})` : ''}.${done.remaining ? ` ${formatNumber(done.remaining)} could not be removed.` : ''}`;
        await state.refreshLedger().catch(() => undefined);
        outcome.textContent = [text, ...done.errors].join(' ');
        state.announce(text);
        if (done.remaining === 0) button.remove();
      } catch (e) {
        state.fail(`The run was not removed: ${/** @type {Error} */ (e).message}`);
      }
    });
    progress.hidden = true;
  });
  return box;
}

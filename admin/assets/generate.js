// @ts-check
/**
 * "Generate": one resource at a time, its parameter form built from its schema, Preview (touches
 * nothing) and Generate (writes through the store's driver and the ledger), then "Undo this run".
 * Preview and Generate send the same parameters; when the seed is left empty the preview's seed is
 * filled in, so Generate writes exactly the rows the preview showed.
 */
import { ApiError } from './api.js';
import { errorLines, focusResult, formatNumber, groupMessages, h, localeLabel, plural, replace, uid, whileBusy } from './dom.js';
import { bcp47, cellText, isNumeric, recordList, tableColumnsOf } from './readable.js';
import { bulkPart } from './bulk.js';
import { undoRun } from './undo.js';
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
  const messages = state.messages();
  const form = h(
    'form',
    { class: 'seeder-generate-form', novalidate: true },
    picker.element,
    h('div', { class: 'field' }, h('label', { for: selectId }, 'Resource'), resourceSelect),
    support,
    fieldsBox,
    h('p', { class: 'seeder-actions' }, previewButton, generateButton),
    messages.element,
  );
  const results = h('div', { class: 'seeder-results' });
  /** The form's values, or null after saying what needs attention (and focusing the first such field). */
  const checkedValues = () => {
    messages.clear();
    params.clearErrors();
    const values = params.values();
    if ('problems' in values) {
      messages.fail('Some fields need attention; see the messages next to them.');
      values.focus.focus();
      return null;
    }
    return values;
  };
  const bulk = bulkPart(state, {
    resource: () => resource,
    values: checkedValues,
    target: () => picker.check(),
    controls: () => [...form.querySelectorAll('button, input, select')].filter((c) => !c.closest('.seeder-bulk')).map((c) => /** @type {HTMLButtonElement} */ (c)),
    results,
  });
  form.append(bulk.element);
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
    messages.clear();
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

  // A message about what the form held goes once the form changes: a fixed field clears its own
  // error, and the summary under the buttons goes with the last one.
  form.addEventListener('input', (event) => {
    const changed = /** @type {HTMLElement} */ (event.target).closest('[data-param]');
    if (changed) params.clearError(/** @type {HTMLElement} */ (changed).dataset.param ?? '');
    if (!params.hasErrors()) messages.clear();
  });
  form.addEventListener('change', (event) => {
    if (/** @type {HTMLElement} */ (event.target).closest('[data-param]') && !params.hasErrors()) messages.clear();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const action = /** @type {SubmitEvent} */ (event).submitter === generateButton ? 'generate' : 'preview';
    const values = checkedValues();
    if (!values) return;
    /** @type {{ platform: string | undefined } | null} */
    let target = { platform: state.choice || undefined };
    if (action === 'generate') {
      target = picker.check();
      if (!target) return;
    }
    const body = { ...values.params, ...(target.platform ? { platform: target.platform } : {}) };
    const controls = /** @type {HTMLButtonElement[]} */ ([previewButton, generateButton]);
    await whileBusy(controls, panel, async () => {
      messages.say(action === 'preview' ? `Previewing ${resource.label.toLowerCase()}…` : `Generating ${resource.label.toLowerCase()}…`);
      try {
        if (action === 'preview') {
          /** @type {PreviewResult} */
          const preview = await state.api.post(`${resource.base}/preview`, body);
          const seedFilled = params.seed() === '';
          if (seedFilled) params.setSeed(preview.seed);
          replace(results, previewView(state, resource, preview, seedFilled));
          messages.say(`Preview: ${plural(preview.count, 'row', 'rows')}; nothing was written.`);
          focusResult(results);
        } else {
          /** @type {GenerateResult} */
          const result = await state.api.post(`${resource.base}/generate`, body);
          replace(results, generateView(state, resource, result));
          messages.say(`Created ${formatNumber(result.created_count)} of ${formatNumber(result.requested)} ${resource.label.toLowerCase()}.`);
          focusResult(results);
          await state.refreshLedger();
        }
      } catch (e) {
        if (e instanceof ApiError && e.code === 'validation.invalid') {
          const unplaced = params.showErrors(e.fieldErrors);
          const nothing = action === 'generate' ? 'Nothing was written.' : 'Nothing was previewed.';
          messages.fail(unplaced.length ? [`${nothing} Some values need attention:`, ...unplaced] : `${nothing} Some fields need attention; see the messages next to them.`);
        } else {
          const lines = errorLines(e);
          lines[0] = action === 'generate' ? `Nothing was generated: ${lines[0]}` : `The preview failed: ${lines[0]}`;
          messages.fail(lines);
          await state.recoverFrom(e);
        }
      }
    });
  });
}

/**
 * The preview as a table a person reads, from the preview's `columns` (generators/columns.ts): money in
 * the row's currency for the request's locale, dates for that locale, references by their label,
 * addresses summarised; each row opens to all its fields as a labelled list.
 * @param {SeederState} state @param {AdminResource} resource @param {PreviewResult} preview @param {boolean} seedFilled
 */
function previewView(state, resource, preview, seedFilled) {
  const rows = /** @type {Array<Record<string, unknown>>} */ (preview.rows);
  const locale = bcp47(preview.locale);
  const columns = tableColumnsOf(preview.columns);
  const headingId = uid('preview');
  const body = h('tbody');
  rows.forEach((row, i) => {
    const detailId = uid('row');
    const toggle = h('button', { type: 'button', class: 'button-secondary seeder-disclosure', 'aria-expanded': 'false', 'aria-controls': detailId }, `Row ${i + 1}`);
    const detail = h('tr', { id: detailId, class: 'seeder-row-detail', hidden: true }, h('td', { colspan: columns.length + 1 }, recordList(row, locale, row, preview.columns)));
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
          const text = cellText(c, row, locale);
          const td = h('td', { 'data-column': c.key, 'data-kind': c.kind, class: isNumeric(c) ? 'seeder-number' : null }, text.length > 80 ? `${text.slice(0, 77)}…` : text);
          if (text.length > 80) td.title = text;
          return td;
        }),
      ),
      detail,
    );
  });
  const localeName = state.payload.locales.find((l) => l.code === preview.locale);
  return h(
    'section',
    { class: 'seeder-preview', 'aria-labelledby': headingId },
    h('h3', { id: headingId }, `Preview: ${plural(preview.count, 'row', 'rows')} of ${resource.label.toLowerCase()}`),
    h(
      'p',
      {},
      `Nothing was written. Seed ${preview.seed}, locale ${localeName ? localeLabel(localeName) : preview.locale}, `,
      preview.platform ? `existing records of ${state.platformLabel(preview.platform)}.` : 'no store.',
      preview.references === 'stand-in' ? ` ${preview.references_note}` : '',
      seedFilled ? ' The seed was filled in above, so Generate writes these rows.' : '',
    ),
    h(
      'div',
      { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': `Preview rows of ${resource.label.toLowerCase()} (scrolls sideways)` },
      h('table', { class: 'seeder-table seeder-preview-table' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), columns.map((c) => h('th', { scope: 'col', class: isNumeric(c) ? 'seeder-number' : null }, c.label)))), body),
    ),
  );
}

/**
 * What generate created, with "Undo this run".
 * @param {SeederState} state @param {AdminResource} resource @param {GenerateResult} result
 */
function generateView(state, resource, result) {
  const headingId = uid('generated');
  const undo = undoRun(state, result.run_id, { count: result.created_count, platform: result.platform, what: resource.label.toLowerCase() });
  return h(
    'section',
    { class: 'seeder-report', 'aria-labelledby': headingId, 'data-run-id': result.run_id },
    h('h3', { id: headingId }, `Created ${formatNumber(result.created_count)} of ${formatNumber(result.requested)} ${resource.label.toLowerCase()} in ${state.platformLabel(result.platform)}`),
    result.created.length ? h('ul', { class: 'seeder-created' }, result.created.map((c) => h('li', {}, c.summary))) : null,
    result.failed
      ? h('div', { class: 'notice notice-error' }, h('p', {}, `${plural(result.failed, 'record', 'records')} failed:`), h('ul', {}, groupMessages(result.errors).map((e) => h('li', {}, e))))
      : null,
    result.ignored_parameters.length ? h('p', { class: 'notice notice-info' }, `${state.platformLabel(result.platform)} ignored: ${result.ignored_parameters.join(', ')}.`) : null,
    h('dl', { class: 'seeder-facts' }, h('dt', {}, 'Failed'), h('dd', {}, formatNumber(result.failed)), h('dt', {}, 'Seed'), h('dd', {}, result.seed), h('dt', {}, 'Locale'), h('dd', {}, result.locale), h('dt', {}, 'Run id'), h('dd', {}, h('code', {}, result.run_id))),
    undo,
  );
}

// @ts-check
/**
 * "Recipes": each recipe with its plan annotated for the chosen store (`GET recipes`), a size and a
 * locale, and Run (`POST recipes/run`, the same runner as `panel seeder recipe run`). After a run the
 * step reports and "Undo this run".
 */
import { errorLines, focusResult, formatNumber, h, localeLabel, plural, replace, uid, whileBusy } from './dom.js';
import { undoRun } from './undo.js';
import { platformPicker } from './state.js';

/** @typedef {import('./state.js').SeederState} SeederState */
/** @typedef {import('./types.js').RecipesResult} RecipesResult */
/** @typedef {import('./types.js').RecipeView} RecipeView */
/** @typedef {import('./types.js').RecipeRunReport} RecipeRunReport */

const SIZES = /** @type {const} */ (['small', 'medium', 'large']);

/**
 * @param {SeederState} state
 * @param {HTMLElement} panel
 */
export function mountRecipes(state, panel) {
  const picker = platformPicker(state);
  const sizeId = uid('size');
  const localeId = uid('recipe-locale');
  const size = h('select', { id: sizeId }, SIZES.map((s) => h('option', { value: s }, s[0].toUpperCase() + s.slice(1))));
  size.value = state.payload.recipes.size;
  const locale = h('select', { id: localeId, 'aria-describedby': `${localeId}-hint` }, h('option', { value: '' }, "Each recipe's first locale"), state.payload.locales.map((l) => h('option', { value: l.code }, localeLabel(l))));
  const note = h('div', { 'aria-live': 'polite' });
  const list = h('div', { class: 'seeder-recipes' });
  const results = h('div', { class: 'seeder-results' });
  panel.append(
    h('h2', {}, 'Recipes'),
    h('p', {}, 'A recipe builds a whole shop in one run: its words (product names, categories, brands, a price band) applied across its plan, in dependency order. Every record of a run can be undone together.'),
    h(
      'div',
      { class: 'seeder-controls' },
      picker.element,
      h('div', { class: 'field' }, h('label', { for: sizeId }, 'Size'), size),
      h('div', { class: 'field' }, h('label', { for: localeId }, 'Locale'), locale, h('p', { id: `${localeId}-hint`, class: 'hint' }, "The words' language falls back within the language, then to en_US.")),
    ),
    note,
    list,
    results,
  );

  const messages = state.messages();
  /** @type {RecipesResult} */
  let current = state.payload.recipes;

  const render = () => {
    replace(note, current.platform_note ? h('p', { class: 'notice notice-warning' }, `Plans are not checked against a store: ${current.platform_note}`) : null);
    if (current.invalid.length) {
      note.append(h('div', { class: 'notice notice-warning' }, h('p', {}, 'Some recipes could not be loaded:'), h('ul', {}, current.invalid.map((i) => h('li', {}, `${i.id ?? i.source}: ${i.reason}`)))));
    }
    replace(list, current.recipes.length ? current.recipes.map((r) => recipeCard(r)) : h('p', {}, 'No recipes are available.'));
  };

  const reload = async () => {
    const platform = state.choice || undefined;
    try {
      current = await state.api.get('recipes', { size: size.value, locale: locale.value, platform });
      render();
    } catch (e) {
      list.before(messages.element);
      messages.fail(`The recipes could not be loaded: ${errorLines(e)[0]}`);
    }
  };
  size.addEventListener('change', reload);
  locale.addEventListener('change', reload);
  state.addEventListener('choice', reload);
  state.addEventListener('platforms', reload);
  state.addEventListener('recipes-changed', reload);

  /** @param {RecipeView} recipe */
  const recipeCard = (recipe) => {
    const headingId = uid('recipe');
    const run = h('button', { type: 'button', class: 'seeder-run' }, `Run ${recipe.name}`);
    run.setAttribute('aria-describedby', headingId);
    run.addEventListener('click', () => runRecipe(recipe, run));
    const total = recipe.totals[current.size];
    return h(
      'section',
      { class: 'seeder-card', 'aria-labelledby': headingId, 'data-recipe': recipe.id },
      h('h3', { id: headingId }, recipe.name),
      recipe.description ? h('p', {}, recipe.description) : null,
      h(
        'p',
        { class: 'hint' },
        `${recipe.origin === 'plugin' ? 'From a plugin' : recipe.origin === 'synced' ? 'Downloaded' : 'Bundled'}`,
        recipe.version ? `, version ${recipe.version}` : '',
        `. Words in ${recipe.locales.join(', ')}`,
        recipe.locale.ships_vocabulary ? '.' : `; ${recipe.locale.requested} uses ${recipe.locale.vocabulary_locale ?? 'the built-in'} words.`,
      ),
      h(
        'table',
        { class: 'seeder-table seeder-plan' },
        h('caption', {}, `Plan at size ${current.size}: ${plural(total, 'record', 'records')}`),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Step'), h('th', { scope: 'col', class: 'seeder-number' }, 'Records'), h('th', { scope: 'col' }, 'In the chosen store'))),
        h(
          'tbody',
          {},
          recipe.plan.map((step) =>
            h(
              'tr',
              { class: step.supported === false ? 'seeder-unsupported' : null, 'data-resource': step.resource },
              h('th', { scope: 'row' }, step.label),
              h('td', { class: 'seeder-number' }, formatNumber(step.count)),
              h('td', {}, step.supported === null ? 'Not checked (no store chosen)' : step.supported ? (step.reason ? `Supported; ${step.reason}` : 'Supported') : `Skipped: ${step.reason ?? 'not supported'}`),
            ),
          ),
        ),
      ),
      h('p', { class: 'seeder-actions' }, run),
    );
  };

  /** @param {RecipeView} recipe @param {HTMLButtonElement} button */
  const runRecipe = async (recipe, button) => {
    const target = picker.check();
    if (!target) return;
    const buttons = /** @type {HTMLButtonElement[]} */ ([...list.querySelectorAll('button.seeder-run')]);
    await whileBusy([...buttons, size, locale], panel, async () => {
      button.closest('.seeder-actions')?.after(messages.element);
      messages.say(`Running ${recipe.name} (${current.size})… this can take a while.`);
      try {
        /** @type {RecipeRunReport} */
        const report = await state.api.post('recipes/run', {
          recipe: recipe.id,
          size: size.value,
          ...(locale.value ? { locale: locale.value } : {}),
          ...(target.platform ? { platform: target.platform } : {}),
        });
        replace(results, runView(state, report));
        messages.say(`${report.name}: created ${plural(report.created, 'record', 'records')}, ${formatNumber(report.failed)} failed, ${formatNumber(report.skipped)} steps skipped.`);
        await state.refreshLedger();
        focusResult(results);
      } catch (e) {
        const lines = errorLines(e);
        lines[0] = `${recipe.name} did not run: ${lines[0]}`;
        messages.fail(lines);
        await state.recoverFrom(e);
      }
    });
    button.focus();
  };

  render();
}

/**
 * @param {SeederState} state
 * @param {RecipeRunReport} report
 */
function runView(state, report) {
  const headingId = uid('run');
  const labels = new Map(state.payload.resources.map((r) => /** @type {[string, string]} */ ([r.name, r.label])));
  return h(
    'section',
    { class: 'seeder-report', 'aria-labelledby': headingId, 'data-run-id': report.run_id },
    h('h3', { id: headingId, tabindex: -1 }, `${report.name}: ${plural(report.created, 'record', 'records')} created in ${state.platformLabel(report.platform)}`),
    h(
      'table',
      { class: 'seeder-table' },
      h('caption', { class: 'visually-hidden' }, 'Steps of the run'),
      h(
        'thead',
        {},
        h('tr', {}, h('th', { scope: 'col' }, 'Step'), h('th', { scope: 'col', class: 'seeder-number' }, 'Requested'), h('th', { scope: 'col', class: 'seeder-number' }, 'Created'), h('th', { scope: 'col', class: 'seeder-number' }, 'Failed'), h('th', { scope: 'col' }, 'Notes')),
      ),
      h(
        'tbody',
        {},
        report.steps.map((s) =>
          h(
            'tr',
            { class: s.skipped ? 'seeder-unsupported' : null, 'data-resource': s.resource },
            h('th', { scope: 'row' }, labels.get(s.resource) ?? s.resource),
            h('td', { class: 'seeder-number' }, formatNumber(s.requested)),
            h('td', { class: 'seeder-number' }, formatNumber(s.created)),
            h('td', { class: 'seeder-number' }, formatNumber(s.failed)),
            h('td', {}, [s.skipped ? `Skipped: ${s.reason ?? ''}` : s.reason ?? '', ...s.errors].filter(Boolean).join(' ')),
          ),
        ),
      ),
    ),
    h(
      'dl',
      { class: 'seeder-facts' },
      h('dt', {}, 'Size'),
      h('dd', {}, report.size),
      h('dt', {}, 'Locale'),
      h('dd', {}, report.vocabulary_locale && report.vocabulary_locale !== report.locale ? `${report.locale} (words of ${report.vocabulary_locale})` : report.locale),
      h('dt', {}, 'Seed'),
      h('dd', {}, report.seed),
      h('dt', {}, 'Run id'),
      h('dd', {}, h('code', {}, report.run_id)),
    ),
    undoRun(state, report.run_id, { count: report.created, platform: report.platform, what: `${report.name}, size ${report.size}` }),
  );
}

// @ts-check
/**
 * "Generated data": the ledger summary by resource and store and by run, and removal of one run, one
 * resource in one store, or everything in every store, each by `DELETE generated` repeated until
 * nothing remains (the spec's batched deletion), with progress. A resource's removal always sends its
 * store (`platform`): the same resource in another store is never touched. "Forget" drops ledger rows
 * and leaves the stores alone, for a ledger that no longer matches reality; it sits behind its own
 * warning and says afterwards how many records stay in the stores.
 */
import { recordsPart } from './records.js';
import { confirmDialog, errorLines, formatDate, formatNumber, groupMessages, h, plural, replace, uid, whileBusy } from './dom.js';

/** @typedef {import('./state.js').SeederState} SeederState */
/** @typedef {import('./api.js').CleanupScope} Scope */

/** "a", "a and b", "a, b and c". @param {string[]} items */
function listOf(items) {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * @param {SeederState} state
 * @param {HTMLElement} panel
 */
export function mountLedger(state, panel) {
  const summary = h('div');
  const records = recordsPart(state);
  const progress = h('progress', { max: 1, value: 0, hidden: true, 'aria-label': 'Removal progress' });
  const outcome = h('p', { class: 'seeder-outcome', 'aria-live': 'polite' });
  const messages = state.messages();
  const refresh = h('button', { type: 'button', class: 'button-secondary' }, 'Refresh');
  panel.append(
    h('h2', {}, 'Generated data'),
    h('p', {}, 'Every record the Seeder writes is in its ledger. Removing deletes exactly those records from the store, children before parents, in batches; nothing else is touched.'),
    h('p', { class: 'seeder-actions' }, refresh),
    messages.element,
    progress,
    outcome,
    summary,
    records.element,
  );
  /** A recipe's name for people; its id when the site no longer has it. @param {string} id */
  const recipeName = (id) => state.payload.recipes.recipes.find((r) => r.id === id)?.name ?? id;
  const resources = new Map(state.payload.resources.map((r) => [/** @type {string} */ (r.name), r]));
  const label = (/** @type {string} */ r) => resources.get(r)?.label ?? r;
  /** "3 customers", "1 customer". @param {number} n @param {string} r */
  const count = (n, r) => plural(n, (resources.get(r)?.singular ?? r).toLowerCase(), label(r).toLowerCase());

  refresh.addEventListener('click', () =>
    whileBusy([refresh], panel, async () => {
      try {
        await state.refreshLedger();
        messages.say(`The ledger holds ${plural(state.ledger.total, 'record', 'records')}.`);
      } catch (e) {
        messages.fail(`The ledger could not be read: ${errorLines(e)[0]}`);
      }
    }),
  );

  /** Where a store comes in lists: the platforms' order, as the Store tab shows them; unknown ids last. @param {string} id */
  const storeRank = (id) => {
    const i = state.platforms.platforms.findIndex((p) => p.id === id);
    return i === -1 ? state.platforms.platforms.length : i;
  };

  /** The stores the ledger holds records of, with their counts, in storeRank order. */
  const storeTotals = () => {
    /** @type {Map<string, number>} */
    const totals = new Map();
    for (const row of state.ledger.by_resource) totals.set(row.platform, (totals.get(row.platform) ?? 0) + row.count);
    return [...totals]
      .sort(([a], [b]) => storeRank(a) - storeRank(b))
      .map(([platform, n]) => ({ platform, label: state.platformLabel(platform), count: n }));
  };

  /**
   * Removes (or forgets) what `scope` names, batch after batch, with progress.
   * @param {Scope} scope
   * @param {string} what
   */
  const drain = async (scope, what) => {
    // Forget leaves the records where they are: say how many, and where, once the ledger no longer lists them.
    const stores = storeTotals().map((s) => s.label);
    progress.hidden = false;
    progress.value = 0;
    outcome.textContent = '';
    await whileBusy(panel.querySelectorAll('button'), panel, async () => {
      try {
        const verb = scope.forget ? 'Forgetting' : 'Removing';
        const done = await state.api.drainGenerated(scope, ({ deleted, remaining }) => {
          progress.max = deleted + remaining || 1;
          progress.value = deleted;
          messages.say(`${verb} ${what}: ${formatNumber(deleted)} done, ${formatNumber(remaining)} remaining…`);
        });
        const parts = Object.entries(done.by_resource).map(([r, n]) => `${label(r)} ${formatNumber(n)}`);
        const text = scope.forget
          ? `The ledger was cleared: ${plural(done.deleted, 'record remains', 'records remain')} in ${listOf(stores) || 'the stores'} and can no longer be removed by the Seeder.`
          : `Removed ${plural(done.deleted, 'record', 'records')} of ${what}${parts.length ? ` (${parts.join(', ')})` : ''}.${
              done.remaining ? ` ${formatNumber(done.remaining)} could not be removed.` : ''
            }`;
        // The summary first, so the outcome never sits beside figures from before the removal.
        await state.refreshLedger().catch(() => undefined);
        messages.clear();
        outcome.replaceChildren(...[text, ...groupMessages(done.errors)].map((line) => h('span', { class: 'seeder-line' }, line)));
        outcome.tabIndex = -1;
        outcome.focus();
      } catch (e) {
        const lines = errorLines(e);
        lines[0] = `Stopped: ${lines[0]}`;
        messages.fail(lines);
        await state.refreshLedger().catch(() => undefined);
      }
    });
    progress.hidden = true;
  };

  /**
   * @param {string} title @param {import('./dom.js').Child} message @param {string} confirm
   * @param {Scope} scope @param {string} what
   */
  const confirmed = async (title, message, confirm, scope, what) => {
    if (await confirmDialog({ title, message, confirm, danger: true })) await drain(scope, what);
  };

  /**
   * The dialog's text for removing one resource from one store: how many, where, what stays, and the
   * generated records of that store that refer to them (the resource's dependents, as the ledger has them).
   * @param {{ resource: string, platform: string, count: number }} row
   */
  const removalMessage = (row) => {
    const store = state.platformLabel(row.platform);
    const elsewhere = state.ledger.by_resource.filter((r) => r.resource === row.resource && r.platform !== row.platform);
    const dependents = resources.get(row.resource)?.dependents ?? [];
    const depending = state.ledger.by_resource.filter((r) => r.platform === row.platform && /** @type {string[]} */ (dependents).includes(r.resource));
    return [
      h('p', {}, `${count(row.count, row.resource)} generated in ${store} ${row.count === 1 ? 'is' : 'are'} deleted from that store. This cannot be undone.`),
      elsewhere.length
        ? h('p', {}, `Not touched: ${listOf(elsewhere.map((r) => `${count(r.count, r.resource)} in ${state.platformLabel(r.platform)}`))}.`)
        : null,
      depending.length
        ? h(
            'p',
            { class: 'seeder-warning' },
            h('strong', {}, 'Other generated records depend on them: '),
            `${listOf(depending.map((r) => count(r.count, r.resource)))} in ${store}. They are not removed with them: ${store} may refuse to delete ${label(row.resource).toLowerCase()} that still have them (reported after the removal), or keep them without their ${(resources.get(row.resource)?.singular ?? row.resource).toLowerCase()}. Remove those first to take everything away cleanly.`,
          )
        : null,
    ];
  };

  const render = () => {
    const ledger = state.ledger;
    if (ledger.total === 0) {
      // An empty ledger says nothing about the stores: records stay there after Forget, or were never generated.
      replace(summary, h('p', { class: 'seeder-empty' }, 'The ledger is empty: the Seeder has no generated record it could remove.'));
      return;
    }
    const resourceHeading = uid('by-resource');
    const runHeading = uid('by-run');
    const stores = storeTotals();
    const allStores = `all stores (${stores.map((s) => `${s.label} ${formatNumber(s.count)}`).join(', ')})`;

    const removeAll = h('button', { type: 'button', class: 'button-danger' }, 'Remove everything…');
    removeAll.addEventListener('click', () =>
      confirmed(
        'Remove everything the Seeder generated, in all stores?',
        h('p', {}, `All ${plural(ledger.total, 'record', 'records')} in the ledger are deleted from ${allStores}. This cannot be undone.`),
        'Remove everything',
        {},
        'everything, in all stores',
      ),
    );
    const forget = h('button', { type: 'button', class: 'button-secondary' }, 'Forget the ledger…');
    forget.addEventListener('click', () =>
      confirmed(
        'Forget the ledger?',
        h(
          'p',
          {},
          `The ledger's ${plural(ledger.total, 'row', 'rows')}, for ${allStores}, are dropped and the stores are not touched: the generated records stay, and the Seeder can no longer remove them. Use this only when the ledger no longer matches the stores (records deleted by hand, a restored backup).`,
        ),
        'Forget the ledger',
        { forget: true },
        'the ledger',
      ),
    );

    replace(
      summary,
      h('p', { class: 'seeder-total' }, `The ledger holds ${plural(ledger.total, 'record', 'records')}.`),
      h('h3', { id: resourceHeading }, 'By resource'),
      h(
        'table',
        { class: 'seeder-table seeder-stack', 'aria-labelledby': resourceHeading },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Store'), h('th', { scope: 'col' }, 'Resource'), h('th', { scope: 'col', class: 'seeder-number' }, 'Records'), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')))),
        h(
          'tbody',
          {},
          // Grouped by store (a stable sort keeps the resource order within each), since removal is per store.
          [...ledger.by_resource].sort((a, b) => storeRank(a.platform) - storeRank(b.platform)).map((row) => {
            // One Remove per row: this resource in this store only (the request names the store).
            const what = `${label(row.resource).toLowerCase()} in ${state.platformLabel(row.platform)}`;
            const action = h(
              'button',
              { type: 'button', class: 'button-secondary', 'aria-label': `Remove ${label(row.resource).toLowerCase()} from ${state.platformLabel(row.platform)}` },
              `Remove ${label(row.resource).toLowerCase()}…`,
            );
            action.addEventListener('click', () =>
              confirmed(
                `Remove the generated ${label(row.resource).toLowerCase()} from ${state.platformLabel(row.platform)}?`,
                removalMessage(row),
                'Remove',
                { resource: row.resource, platform: row.platform },
                what,
              ),
            );
            const view = h('button', { type: 'button', class: 'button-secondary seeder-view', 'aria-label': `View the ${what}` }, 'View');
            view.addEventListener('click', () => records.show({ resource: row.resource, platform: row.platform }, what));
            return h(
              'tr',
              { 'data-resource': row.resource, 'data-platform': row.platform },
              h('td', { 'data-label': 'Store' }, state.platformLabel(row.platform)),
              h('th', { scope: 'row' }, label(row.resource)),
              h('td', { class: 'seeder-number', 'data-label': 'Records' }, formatNumber(row.count)),
              h('td', { class: 'seeder-row-actions' }, view, ' ', action),
            );
          }),
        ),
      ),
      h('h3', { id: runHeading }, 'By run'),
      h(
        'table',
        { class: 'seeder-table seeder-stack', 'aria-labelledby': runHeading },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, 'What it made'),
            h('th', { scope: 'col' }, 'Store'),
            h('th', { scope: 'col', class: 'seeder-number' }, 'Records'),
            h('th', { scope: 'col' }, 'Written'),
            h('th', { scope: 'col' }, 'Run id'),
            h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')),
          ),
        ),
        h(
          'tbody',
          {},
          ledger.runs.map((run) => {
            const runId = run.run_id;
            const parts = run.parts ?? [];
            const made = listOf(parts.map((p) => count(p.count, p.resource))) || plural(run.count, 'record', 'records');
            const stores = [...new Set(parts.map((p) => p.platform))].map((p) => state.platformLabel(p));
            const where = listOf(stores);
            const [from, to] = [formatDate(run.first_at), formatDate(run.last_at)];
            const when = from === to ? from : `${from} – ${to}`;
            let action = null;
            let view = null;
            if (runId) {
              view = h('button', { type: 'button', class: 'button-secondary seeder-view', 'aria-label': `View the records of the run of ${made}, ${when}` }, 'View');
              view.addEventListener('click', () => records.show({ run_id: runId }, `the run of ${made}${where ? ` in ${where}` : ''}, ${when}`, parts));
              action = h('button', { type: 'button', class: 'button-secondary' }, 'Remove the run…');
              action.setAttribute('aria-label', `Remove the run of ${made} in ${where || 'its store'}, ${when}`);
              action.addEventListener('click', () =>
                confirmed(
                  `Remove this run from ${where || 'its store'}?`,
                  h('p', {}, `${made} written ${when} ${run.count === 1 ? 'is' : 'are'} deleted from ${where || 'their store'}. This cannot be undone.`),
                  'Remove the run',
                  { run_id: runId },
                  `the run in ${where || 'its store'}`,
                ),
              );
            }
            // What made it and who: "Recipe Fashion boutique, small" for a recipe run, "by ana@example.com" (or a token
            // and its owner); runs from before who made them was kept say neither.
            const recipe = run.recipe ? `Recipe ${recipeName(run.recipe.slug)}${run.recipe.size ? `, ${run.recipe.size}` : ''}` : null;
            const by = run.made_by ? `by ${run.made_by}` : null;
            return h(
              'tr',
              { 'data-run-id': runId ?? '' },
              h(
                'th',
                { scope: 'row' },
                recipe ? h('span', { class: 'seeder-line seeder-run-recipe' }, recipe) : null,
                h('span', { class: 'seeder-line' }, made),
                by ? h('span', { class: 'seeder-line seeder-run-by' }, by) : null,
              ),
              h('td', { 'data-label': 'Store' }, where),
              h('td', { class: 'seeder-number', 'data-label': 'Records' }, formatNumber(run.count)),
              h('td', { 'data-label': 'Written' }, when),
              h('td', { 'data-label': 'Run id' }, runId ? h('code', {}, runId) : 'none'),
              h('td', { class: 'seeder-row-actions' }, view, ' ', action),
            );
          }),
        ),
      ),
      h('div', { class: 'seeder-danger-zone' }, h('h3', {}, 'Everything, in all stores'), h('p', { class: 'seeder-actions' }, removeAll, forget)),
    );
  };
  state.addEventListener('ledger', render);
  render();
}

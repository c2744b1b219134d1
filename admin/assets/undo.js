// @ts-check
/** "Undo this run", shared by Generate, Recipes and bulk runs (a module of its own, so none imports another's screen). */
import { confirmDialog, errorLines, formatNumber, groupMessages, h, plural, whileBusy } from './dom.js';

/** @typedef {import('./state.js').SeederState} SeederState */

/**
 * "Undo this run": asks first (how many records, in which store), then `DELETE generated {run_id}`
 * until nothing remains, with progress next to the button, then what went. Shared by Generate,
 * Recipes and bulk runs.
 * @param {SeederState} state
 * @param {string} runId
 * @param {{ count?: number, platform?: string | null, what?: string }} [about] what the dialog says the run made
 */
export function undoRun(state, runId, about = {}) {
  const button = h('button', { type: 'button', class: 'button-secondary seeder-undo' }, 'Undo this run…');
  const progress = h('progress', { max: 1, value: 0, hidden: true, 'aria-label': 'Removing the run' });
  const outcome = h('p', { class: 'seeder-undo-outcome' });
  const messages = state.messages();
  const box = h('div', { class: 'seeder-undo-box' }, h('p', { class: 'seeder-actions' }, button), progress, messages.element, outcome);
  const labels = new Map(state.payload.resources.map((r) => /** @type {[string, string]} */ ([r.name, r.label])));
  button.addEventListener('click', async () => {
    const store = about.platform ? state.platformLabel(about.platform) : 'their stores';
    const count = about.count === undefined ? 'Every record' : `All ${plural(about.count, 'record', 'records')}`;
    const ok = await confirmDialog({
      title: 'Undo this run?',
      message: h('p', {}, `${count} this run wrote${about.what ? ` (${about.what})` : ''} ${about.count === 1 ? 'is' : 'are'} deleted from ${store}. This cannot be undone.`),
      confirm: 'Undo the run',
      danger: true,
    });
    if (!ok) return;
    progress.hidden = false;
    await whileBusy([button], box, async () => {
      try {
        const done = await state.api.drainGenerated({ run_id: runId }, ({ deleted, remaining }) => {
          progress.max = deleted + remaining || 1;
          progress.value = deleted;
          messages.say(`Removing the run: ${formatNumber(deleted)} removed, ${formatNumber(remaining)} remaining…`);
        });
        const parts = Object.entries(done.by_resource).map(([r, n]) => `${labels.get(r) ?? r} ${formatNumber(n)}`);
        const text = `Removed ${plural(done.deleted, 'record', 'records')}${parts.length ? ` (${parts.join(', ')})` : ''}.${done.remaining ? ` ${formatNumber(done.remaining)} could not be removed.` : ''}`;
        await state.refreshLedger().catch(() => undefined);
        messages.clear();
        outcome.replaceChildren(...[text, ...groupMessages(done.errors)].map((line) => h('span', { class: 'seeder-line' }, line)));
        if (done.remaining === 0) button.remove();
      } catch (e) {
        const lines = errorLines(e);
        lines[0] = `The run was not removed: ${lines[0]}`;
        messages.fail(lines);
      }
    });
    progress.hidden = true;
  });
  return box;
}

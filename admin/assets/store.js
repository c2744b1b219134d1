// @ts-check
/**
 * "Store to write to": every platform driver with its version, whether its store is active, its
 * extensions and its capability matrix, and the site-wide target (Auto or one active store), saved
 * with `POST platforms/target`. The matrix comes from `GET platforms`, computed on every request.
 */
import { errorLines, h, replace, uid, whileBusy } from './dom.js';
import { describeCell } from './state.js';

/** @typedef {import('./state.js').SeederState} SeederState */
/** @typedef {import('./types.js').PlatformReport} PlatformReport */

/**
 * @param {SeederState} state
 * @param {HTMLElement} panel
 */
export function mountStore(state, panel) {
  const targetBox = h('div');
  const list = h('div', { class: 'seeder-platforms' });
  panel.append(
    h('h2', {}, 'Store to write to'),
    h('p', {}, 'Generated records are written to one store platform. Choose it once for the site, or leave it on Auto.'),
    targetBox,
    h('h3', {}, 'Platforms'),
    list,
  );

  const messages = state.messages();
  const resourceLabel = new Map(state.payload.resources.map((r) => /** @type {[string, string]} */ ([r.name, r.label])));

  const render = () => {
    const { target } = state.platforms;
    const active = state.activePlatforms();
    const legendId = uid('target');
    const radios = [
      {
        value: 'auto',
        label: 'Auto',
        hint:
          active.length > 1
            ? `Several stores are active (${active.map((p) => p.label).join(', ')}): with Auto you choose the store for each generate and recipe run.`
            : 'Writes go to the only active store; if another store is activated later, you choose one for each run.',
      },
      ...active.map((p) => ({ value: p.id, label: p.label, hint: `Every request without an explicit store writes to ${p.label}.` })),
    ].map((o) => {
      const id = uid('target-option');
      const input = h('input', { type: 'radio', name: 'target', id, value: o.value, 'aria-describedby': `${id}-hint` });
      input.checked = (target.stored ?? 'auto') === o.value;
      return h('div', { class: 'seeder-check' }, input, h('label', { for: id }, o.label), h('p', { id: `${id}-hint`, class: 'hint' }, o.hint));
    });
    const save = h('button', { type: 'submit' }, 'Save target');
    const form = h(
      'form',
      { class: 'seeder-target-form' },
      h('fieldset', { class: 'seeder-group', 'aria-labelledby': legendId }, h('legend', { id: legendId }, 'Site-wide target'), radios),
      h('p', { class: 'seeder-actions' }, save),
      messages.element,
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const chosen = /** @type {HTMLInputElement | null} */ (form.querySelector('input[name="target"]:checked'))?.value ?? 'auto';
      await whileBusy([save], targetBox, async () => {
        try {
          await state.api.post('platforms/target', { platform: chosen });
          await state.refreshPlatforms();
          messages.say(chosen === 'auto' ? 'Target saved: Auto.' : `Target saved: ${state.platformLabel(chosen)}.`);
        } catch (e) {
          messages.fail(`The target was not saved: ${errorLines(e)[0]}`);
        }
      });
    });

    replace(
      targetBox,
      h('p', { class: 'seeder-current-target' }, currentTargetText(state)),
      target.stored && !active.some((p) => p.id === target.stored)
        ? h('p', { class: 'notice notice-warning' }, `The stored target "${target.stored}" is not active, so it is ignored. Choose another or Auto.`)
        : null,
      active.length
        ? form
        : h(
            'p',
            { class: 'notice notice-warning' },
            'No store platform is active on this site. ',
            // The Plugins screen is for those who may change the site's plugins; others ask an administrator.
            state.payload.operator.can_manage_options
              ? h('a', { href: '../plugins/' }, 'Activate a store plugin on the Plugins screen')
              : 'Ask a site administrator to activate a store plugin',
            ' to generate records.',
          ),
    );
    replace(list, state.platforms.platforms.map((p) => platformCard(p, resourceLabel)));
  };
  state.addEventListener('platforms', render);
  render();
}

/** @param {SeederState} state */
function currentTargetText(state) {
  const { target } = state.platforms;
  if (target.ambiguous) return `Several stores are active (${target.candidates.map((c) => state.platformLabel(c)).join(', ')}) and no target is set: each request must name its store.`;
  if (!target.resolved) return 'No store is active: nothing can be written yet.';
  if (target.stored === target.resolved) return `Writes go to ${state.platformLabel(target.resolved)} (the site-wide target).`;
  return `Writes go to ${state.platformLabel(target.resolved)} (Auto: the only active store).`;
}

/**
 * @param {PlatformReport} p
 * @param {Map<string, string>} resourceLabel
 */
function platformCard(p, resourceLabel) {
  // Only the resources this screen offers (a seeder_admin_payload filter may have removed some).
  const cells = /** @type {Array<[string, import('./types.js').CapabilityCell]>} */ (Object.entries(p.capabilities)).filter(([r]) => resourceLabel.has(r));
  const supported = cells.filter(([, c]) => describeCell(c).supported).length;
  const headingId = uid('platform');
  return h(
    'section',
    { class: 'seeder-card', 'aria-labelledby': headingId, 'data-platform': p.id },
    h('h4', { id: headingId }, p.label, ' ', h('span', { class: p.active ? 'seeder-badge seeder-badge-on' : 'seeder-badge' }, p.active ? 'Active' : 'Not active')),
    h('p', {}, `Platform id "${p.id}"`, p.version ? `, version ${p.version}` : '', p.exists ? '' : ' (its store plugin is not installed)'),
    p.extensions.length
      ? h(
          'div',
          {},
          h('h5', {}, 'Extensions'),
          h('ul', { class: 'seeder-extensions' }, p.extensions.map((x) => h('li', {}, `${x.label}: ${x.active ? `active${x.version ? `, version ${x.version}` : ''}` : 'not active'}`))),
        )
      : null,
    h(
      'details',
      {},
      h('summary', {}, `Capabilities: ${supported} of ${cells.length} resources supported`),
      h(
        'table',
        { class: 'seeder-table' },
        h('caption', { class: 'visually-hidden' }, `What ${p.label} can hold`),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Resource'), h('th', { scope: 'col' }, 'Support'), h('th', { scope: 'col' }, 'Why'))),
        h(
          'tbody',
          {},
          cells.map(([resource, cell]) => {
            const d = describeCell(cell);
            return h(
              'tr',
              { class: d.supported ? null : 'seeder-unsupported' },
              h('th', { scope: 'row' }, resourceLabel.get(resource) ?? resource),
              h('td', {}, d.label),
              h('td', {}, d.reason ?? ''),
            );
          }),
        ),
      ),
    ),
  );
}

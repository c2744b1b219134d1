// @ts-check
/**
 * The Seeder's admin screen: a plain ES-module web app with no build step. It boots from the JSON
 * payload the host embeds (`#admin-payload`, built by admin/payload.ts) and then talks to the Seeder
 * REST API with the session cookie, so every action goes through the same controllers, validation and
 * capability check as REST, the CLI and MCP.
 */
import { SeederApi } from './api.js';
import { h, replace } from './dom.js';
import { mountGenerate } from './generate.js';
import { mountLedger } from './ledger.js';
import { mountRecipes } from './recipes.js';
import { mountSampleData } from './sample-data.js';
import { mountSettings } from './settings.js';
import { SeederState } from './state.js';
import { mountStore } from './store.js';

/** @typedef {import('./types.js').Payload} Payload */

const TABS = /** @type {const} */ ([
  { id: 'store', label: 'Store to write to', mount: mountStore },
  { id: 'generate', label: 'Generate', mount: mountGenerate },
  { id: 'recipes', label: 'Recipes', mount: mountRecipes },
  { id: 'sample-data', label: 'Sample data', mount: mountSampleData },
  { id: 'generated', label: 'Generated data', mount: mountLedger },
  { id: 'settings', label: 'Settings', mount: mountSettings },
]);

/** @returns {Payload} */
function readPayload() {
  const el = document.getElementById('admin-payload');
  if (!el?.textContent) throw new Error('The page carries no payload.');
  return JSON.parse(el.textContent);
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs; the URL fragment remembers the tab.
 * @param {HTMLElement} root
 * @param {Array<{ id: string, label: string, panel: HTMLElement }>} tabs
 * @param {() => void} onChange
 */
function tabbed(root, tabs, onChange) {
  const list = h('div', { class: 'seeder-tabs', role: 'tablist', 'aria-label': 'Seeder sections' });
  const buttons = tabs.map((t) =>
    h('button', { type: 'button', role: 'tab', id: `tab-${t.id}`, 'aria-controls': `panel-${t.id}`, 'aria-selected': 'false', tabindex: -1 }, t.label),
  );
  tabs.forEach((t) => {
    t.panel.id = `panel-${t.id}`;
    t.panel.setAttribute('role', 'tabpanel');
    t.panel.setAttribute('aria-labelledby', `tab-${t.id}`);
    t.panel.tabIndex = 0;
  });
  /** @param {number} index @param {boolean} focus */
  const select = (index, focus) => {
    if (buttons[index].getAttribute('aria-selected') !== 'true') onChange();
    buttons.forEach((b, i) => {
      b.setAttribute('aria-selected', String(i === index));
      b.tabIndex = i === index ? 0 : -1;
      tabs[i].panel.hidden = i !== index;
    });
    if (focus) buttons[index].focus();
    if (window.location.hash !== `#${tabs[index].id}`) history.replaceState(null, '', `#${tabs[index].id}`);
  };
  buttons.forEach((b, i) => {
    b.addEventListener('click', () => select(i, false));
    b.addEventListener('keydown', (event) => {
      const keys = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: buttons.length - 1 };
      const next = keys[/** @type {keyof typeof keys} */ (event.key)];
      if (next === undefined) return;
      event.preventDefault();
      select((next + buttons.length) % buttons.length, true);
    });
  });
  list.append(...buttons);
  root.append(list, ...tabs.map((t) => t.panel));
  const fromHash = () => tabs.findIndex((t) => `#${t.id}` === window.location.hash);
  // Back, forward and links to `#recipes` and the like switch tabs too.
  window.addEventListener('hashchange', () => {
    if (fromHash() >= 0) select(fromHash(), false);
  });
  select(Math.max(fromHash(), 0), false);
}

function boot() {
  const root = document.getElementById('admin-app');
  if (!root) return;
  /** @type {Payload} */
  let payload;
  try {
    payload = readPayload();
  } catch (e) {
    replace(root, h('h1', {}, 'Seeder'), h('p', { class: 'notice notice-error', role: 'alert' }, `The screen could not start: ${/** @type {Error} */ (e).message}`));
    return;
  }
  const state = new SeederState(payload, new SeederApi(payload.rest_base));
  const banner = h('div', { class: 'seeder-banner' });
  const renderBanner = () => {
    replace(
      banner,
      state.needsChoice
        ? h(
            'p',
            { class: 'notice notice-warning seeder-choose-store' },
            h('strong', {}, 'Choose a store. '),
            `Several store platforms are active (${state.platforms.target.candidates.map((c) => state.platformLabel(c)).join(', ')}) and no site-wide target is set, so the Seeder will not guess: set the target under "Store to write to", or pick a store for each generate and recipe run.`,
          )
        : null,
    );
  };
  state.addEventListener('platforms', renderBanner);
  renderBanner();

  replace(
    root,
    h('h1', {}, 'Seeder'),
    h('p', { class: 'seeder-lead' }, `Realistic, reproducible test data for the stores of ${payload.site.name}, with a ledger to remove it exactly. Version ${payload.version}; signed in as ${payload.operator.email} (${payload.operator.role}).`),
    banner,
  );
  tabbed(
    root,
    TABS.map((t) => {
      const panel = h('section', { class: 'seeder-panel' });
      t.mount(state, panel);
      return { id: t.id, label: t.label, panel };
    }),
    // A message about another section would only confuse here.
    () => state.clearMessages(),
  );
}

boot();

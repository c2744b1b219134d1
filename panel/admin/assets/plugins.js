// @ts-check
/**
 * Plugins (`/sites/{id}/admin/plugins/`): every installed plugin with its version, description,
 * requirements and state on this site; Activate and Deactivate through the control panel API
 * (`POST /api/v1/sites/{id}/plugins/{plugin}/{activate|deactivate}`, behind step-up). A requirement
 * that is not met is said in the plugin's row, and the server's refusal is shown when it is tried.
 */
import { act, api, h } from './panel-api.js';

const payload = JSON.parse(/** @type {HTMLElement} */ (document.getElementById('admin-payload')).textContent ?? '{}');
const siteId = String(payload.site_id);
const list = /** @type {HTMLElement} */ (document.getElementById('plugins'));
const status = /** @type {HTMLElement} */ (document.getElementById('plugins-status'));
const base = `/api/v1/sites/${encodeURIComponent(siteId)}/plugins`;

/** @typedef {{ name: string, label: string, version: string, description: string | null, requires: string[], requires_versions: Record<string, string>, active: boolean, missing: string[], required_by: string[] }} SitePlugin */

/** @param {SitePlugin[]} plugins */
function render(plugins) {
  const labels = new Map(plugins.map((p) => [p.name, p.label]));
  const named = (/** @type {string[]} */ slugs) => slugs.map((s) => labels.get(s) ?? s).join(', ');
  const rows = plugins.map((p) => {
    const action = p.active ? 'deactivate' : 'activate';
    const verb = p.active ? 'Deactivate' : 'Activate';
    const noteId = `plugin-${p.name}-note`;
    /** @type {string[]} */
    const notes = [];
    if (!p.active && p.missing.length > 0) notes.push(`Needs ${named(p.missing)} active first.`);
    if (p.active && p.required_by.length > 0) notes.push(`${named(p.required_by)} needs it: deactivate that first.`);
    const button = /** @type {HTMLButtonElement} */ (
      h('button', { type: 'button', class: p.active ? 'button-secondary' : undefined, 'aria-label': `${verb} ${p.label}`, 'aria-describedby': notes.length ? noteId : undefined }, verb)
    );
    // The outcome is said next to the button; a success also in the page's status line, as the list is redrawn.
    const rowStatus = h('p', { class: 'action-status', role: 'status' });
    button.addEventListener('click', async () => {
      status.textContent = '';
      const said = `${p.label} is ${p.active ? 'deactivated' : 'active'}. Its screens in the menu change when a page is next opened.`;
      const done = await act({ busy: [button], status: rowStatus, action: `${p.active ? 'Deactivating' : 'Activating'} ${p.label}`, done: said }, () =>
        api('POST', `${base}/${encodeURIComponent(p.name)}/${action}`),
      );
      if (done) {
        await load();
        status.textContent = said;
      }
    });
    const requires = [
      ...p.requires.map((r) => `${labels.get(r) ?? r} active`),
      ...Object.entries(p.requires_versions).map(([name, range]) => `${name === 'panel' ? 'panel' : (labels.get(name) ?? name)} ${range}`),
    ];
    return h(
      'tr',
      { 'data-plugin': p.name },
      h('th', { scope: 'row' }, p.label, h('br'), h('span', { class: 'hint' }, p.name)),
      h('td', { 'data-label': 'Version' }, p.version),
      h('td', { 'data-label': 'What it does' }, p.description ?? '—'),
      h('td', { 'data-label': 'Needs' }, requires.length ? requires.join('; ') : 'nothing else'),
      h('td', { 'data-label': 'State' }, h('strong', {}, p.active ? 'Active' : 'Inactive')),
      h('td', {}, button, notes.length ? h('p', { id: noteId, class: 'hint' }, notes.join(' ')) : '', rowStatus),
    );
  });
  list.replaceChildren(
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'stack-table' },
        h('caption', { class: 'visually-hidden' }, 'Installed plugins'),
        h('thead', {}, h('tr', {}, ...['Plugin', 'Version', 'What it does', 'Needs', 'State'].map((c) => h('th', { scope: 'col' }, c)), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')))),
        h('tbody', {}, ...rows),
      ),
    ),
  );
}

async function load() {
  try {
    render((await api('GET', `${base}`)).data);
  } catch (e) {
    list.replaceChildren(h('p', { class: 'is-error' }, `The plugins could not be loaded: ${/** @type {Error} */ (e).message}`));
  }
}

void load();

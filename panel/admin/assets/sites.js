// @ts-check
/**
 * Sites and members (`/sites/{id}/admin/sites/`, the panel owner): the sites a page at a time (keyset
 * pagination: `next_cursor`), each with a link to its admin, its members with their roles (shown on
 * demand), and Remove behind a confirmation and step-up; a form to add a site. All through the
 * control panel API (`/api/v1/sites`).
 */
import { act, api, ApiError, h, uid, when } from './panel-api.js';

/** Sites per page: 20, or `?limit=` in the address (1 to 100, as the API allows). */
const asked = Number(new URLSearchParams(location.search).get('limit'));
const PAGE_SIZE = Number.isInteger(asked) && asked >= 1 && asked <= 100 ? asked : 20;
const payload = JSON.parse(/** @type {HTMLElement} */ (document.getElementById('admin-payload')).textContent ?? '{}');
const list = /** @type {HTMLElement} */ (document.getElementById('sites'));
const status = /** @type {HTMLElement} */ (document.getElementById('sites-status'));
const first = /** @type {HTMLButtonElement} */ (document.getElementById('sites-first'));
const next = /** @type {HTMLButtonElement} */ (document.getElementById('sites-next'));
/** The cursor of the page shown (undefined for the first page) and of the one after it. */
let shown = /** @type {string | undefined} */ (undefined);
let after = /** @type {string | null} */ (null);

/** Asks before a removal; Cancel has the focus. @param {string} text @returns {Promise<boolean>} */
function confirmRemoval(text) {
  return new Promise((resolve) => {
    const titleId = uid('confirm-title');
    const textId = uid('confirm-text');
    const cancel = h('button', { type: 'button', class: 'button-secondary' }, 'Cancel');
    const remove = h('button', { type: 'button', class: 'panel-danger' }, 'Remove site');
    const dialog = /** @type {HTMLDialogElement} */ (
      h('dialog', { class: 'panel-dialog', 'aria-labelledby': titleId, 'aria-describedby': textId }, h('h2', { id: titleId }, 'Remove this site?'), h('p', { id: textId }, text), h('p', { class: 'dialog-actions' }, cancel, remove))
    );
    const back = /** @type {HTMLElement | null} */ (document.activeElement);
    cancel.addEventListener('click', () => dialog.close('cancel'));
    remove.addEventListener('click', () => dialog.close('remove'));
    dialog.addEventListener('close', () => {
      dialog.remove();
      back?.focus();
      resolve(dialog.returnValue === 'remove');
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}

/** The members of one site, as a small table. @param {string} siteId */
async function membersOf(siteId) {
  const page = await api('GET', `/sites/${encodeURIComponent(siteId)}/members?limit=100`);
  if (page.data.length === 0) return h('p', {}, 'No members (the panel owners administer every site).');
  return h(
    'table',
    { class: 'members' },
    h('caption', {}, `Members of ${siteId}`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Operator'), h('th', { scope: 'col' }, 'Role'), h('th', { scope: 'col' }, 'Since'))),
    h('tbody', {}, ...page.data.map((/** @type {any} */ m) => h('tr', {}, h('td', {}, m.email), h('td', {}, m.role), h('td', {}, when(m.created_at))))),
  );
}

/** @param {{ id: string, name: string }} site */
function siteRow(site) {
  const membersId = uid('members');
  const toggle = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'button-secondary', 'aria-expanded': 'false', 'aria-controls': membersId }, 'Show members'));
  const members = h('div', { id: membersId, class: 'site-members', hidden: true });
  toggle.addEventListener('click', async () => {
    const open = toggle.getAttribute('aria-expanded') === 'true';
    if (open) {
      members.hidden = true;
      toggle.setAttribute('aria-expanded', 'false');
      toggle.textContent = 'Show members';
      return;
    }
    try {
      members.replaceChildren(await membersOf(site.id));
    } catch (e) {
      members.replaceChildren(h('p', { class: 'is-error' }, `The members could not be loaded: ${/** @type {Error} */ (e).message}`));
    }
    members.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    toggle.textContent = 'Hide members';
  });
  const rowStatus = h('p', { class: 'action-status', role: 'status' });
  const remove = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'button-secondary', 'aria-label': `Remove site ${site.name}` }, 'Remove'));
  if (site.id === payload.current) remove.disabled = true; // not the site this screen belongs to
  remove.addEventListener('click', async () => {
    if (!(await confirmRemoval(`"${site.name}" (${site.id}), its database and its files are deleted. This cannot be undone.`))) return;
    const done = await act({ busy: [remove], status: rowStatus, action: `Removing ${site.name}`, done: `Site "${site.name}" removed.` }, () => api('DELETE', `/sites/${encodeURIComponent(site.id)}`));
    if (done !== undefined) {
      await load(shown);
      status.textContent = `Site "${site.name}" removed.`;
    }
  });
  return h(
    'li',
    { class: 'site-item', 'data-site': site.id },
    h('h2', {}, h('a', { href: `/sites/${encodeURIComponent(site.id)}/admin/` }, site.name), ' ', h('span', { class: 'hint' }, `(${site.id})`)),
    h('p', { class: 'button-row' }, toggle, remove),
    site.id === payload.current ? h('p', { class: 'hint' }, 'This is the site you are in; remove it from another site\'s admin.') : '',
    rowStatus,
    members,
  );
}

/** @param {string | undefined} cursor */
async function load(cursor) {
  try {
    const page = await api('GET', `/sites?limit=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    shown = cursor;
    after = page.has_more ? page.next_cursor : null;
    list.replaceChildren(h('ul', { class: 'site-list', 'aria-label': 'Sites' }, ...page.data.map(siteRow)));
    next.hidden = after === null;
    first.hidden = cursor === undefined;
  } catch (e) {
    list.replaceChildren(h('p', { class: 'is-error' }, `The sites could not be loaded: ${/** @type {Error} */ (e).message}`));
  }
}

next.addEventListener('click', () => {
  if (after) void load(after).then(() => list.querySelector('a')?.focus());
});
first.addEventListener('click', () => void load(undefined).then(() => list.querySelector('a')?.focus()));

const form = /** @type {HTMLFormElement} */ (document.getElementById('site-form'));
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const f = /** @type {any} */ (form.elements);
  const idError = /** @type {HTMLElement} */ (document.getElementById('site-id-error'));
  idError.textContent = '';
  f.id.removeAttribute('aria-invalid');
  const id = f.id.value.trim();
  if (!/^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/.test(id)) {
    idError.textContent = 'Use 1 to 32 lowercase letters, digits or dashes, starting and ending with a letter or digit.';
    f.id.setAttribute('aria-invalid', 'true');
    f.id.focus();
    return;
  }
  const name = f.name.value.trim();
  const button = /** @type {HTMLButtonElement} */ (form.querySelector('button[type="submit"]'));
  const formStatus = /** @type {HTMLElement} */ (form.querySelector('.action-status'));
  const created = await act({ busy: [button], status: formStatus, action: `Adding site ${id}`, done: `Site "${name || id}" added.` }, async () => {
    try {
      return await api('POST', '/sites', { id, ...(name ? { name } : {}) });
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'sites.conflict' || e.details.field === 'id')) {
        idError.textContent = e.message;
        f.id.setAttribute('aria-invalid', 'true');
      }
      throw e;
    }
  });
  if (created) {
    form.reset();
    await load(shown);
  }
});

void load(undefined);

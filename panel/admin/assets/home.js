// @ts-check
// The admin home's Seeder card: the active stores, the records the Seeder made per resource in each
// store (its `generated` summary) and its last runs, read from the Seeder's REST API with the session
// cookie. Links go to the Seeder screen's tabs. Written with textContent only: nothing from the API
// becomes markup.

const card = document.getElementById('seeder-glance');

/** @param {string} tag @param {Record<string, string>} [attrs] @param {...(Node | string)} children */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.append(...children);
  return el;
}

/** @param {string} url */
async function getJson(url) {
  const res = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.error?.message ?? `The server answered ${res.status}.`);
  return body;
}

/** @param {string} iso */
function when(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** "product_variations" → "Product variations" */
function label(resource) {
  const words = resource.replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

async function render() {
  if (!card) return;
  const rest = card.dataset.rest ?? '';
  const screen = card.dataset.screen ?? '';
  const status = /** @type {HTMLElement} */ (card.querySelector('.glance-status'));
  try {
    const [platforms, summary] = await Promise.all([getJson(`${rest}/platforms`), getJson(`${rest}/generated`)]);
    /** @type {Map<string, string>} */
    const names = new Map(platforms.platforms.map((/** @type {{id: string, label: string}} */ p) => [p.id, p.label]));
    const parts = [];
    const active = platforms.platforms.filter((/** @type {{active: boolean}} */ p) => p.active);
    parts.push(h('h3', {}, 'Active stores'));
    if (active.length === 0) {
      parts.push(h('p', {}, 'No store is active, so the Seeder has nowhere to write. ', h('a', { href: `${screen}#store` }, 'Open the Seeder')));
    } else {
      parts.push(h('ul', { class: 'glance-list' }, ...active.map((/** @type {{label: string, version: string | null}} */ p) => h('li', {}, h('strong', {}, p.label), p.version ? ` ${p.version}` : ''))));
    }
    parts.push(h('h3', {}, 'Records the Seeder made'));
    if (summary.total === 0) {
      parts.push(h('p', {}, 'None yet. ', h('a', { href: `${screen}#generate` }, 'Generate data')));
    } else {
      const stores = [...new Set(summary.by_resource.map((/** @type {{platform: string}} */ r) => r.platform))];
      /** @type {Map<string, Map<string, number>>} */
      const counts = new Map();
      for (const r of summary.by_resource) {
        if (!counts.has(r.resource)) counts.set(r.resource, new Map());
        counts.get(r.resource)?.set(r.platform, r.count);
      }
      const table = h(
        'table',
        {},
        h('caption', {}, `${summary.total} records in all`),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Resource'), ...stores.map((s) => h('th', { scope: 'col' }, names.get(s) ?? s)))),
        h(
          'tbody',
          {},
          ...[...counts].map(([resource, byStore]) =>
            h('tr', {}, h('th', { scope: 'row' }, label(resource)), ...stores.map((s) => h('td', {}, String(byStore.get(s) ?? 0)))),
          ),
        ),
      );
      parts.push(h('div', { class: 'table-wrap' }, table));
      parts.push(h('p', {}, h('a', { href: `${screen}#generated` }, 'See and remove generated data')));
    }
    parts.push(h('h3', {}, 'Last runs'));
    const runs = summary.runs.slice(0, 5);
    if (runs.length === 0) parts.push(h('p', {}, 'No run yet.'));
    else {
      parts.push(
        h(
          'ul',
          { class: 'glance-list' },
          ...runs.map((/** @type {{run_id: string | null, count: number, last_at: string}} */ r) =>
            h('li', {}, h('span', {}, r.run_id ?? 'Without a run id'), ` · ${r.count} records · ${when(r.last_at)}`),
          ),
        ),
      );
    }
    status.textContent = '';
    status.after(...parts);
  } catch (e) {
    status.textContent = `The Seeder's summary could not be read: ${/** @type {Error} */ (e).message}`;
  }
}

void render();

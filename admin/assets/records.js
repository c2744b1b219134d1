// @ts-check
/**
 * "Records": the generated records of one run or of one resource in one store, page by page from the
 * ledger (`GET generated/records`), each with its key fields as the store holds them now and a link to
 * the store's own screen for it where the store declares one (`admin_url`). Money is written for the locale its
 * run was made in, in the record's currency (`Intl.NumberFormat`: "80,20 €" for de_DE, "￥1,299" for ja_JP).
 */
import { errorLines, focusResult, formatDate, formatNumber, h, replace, uid, whileBusy } from './dom.js';
import { bcp47, columnName, money, valueText } from './readable.js';

/** @typedef {import('./state.js').SeederState} SeederState */
/**
 * @typedef {{ id: number, platform: string, resource: string, record_id: string, run_id: string | null, created_at: string,
 *   files?: string[], fields: Record<string, unknown> | null, admin_url: string | null,
 *   money?: Record<string, { amount_minor: number, currency: string }>, locale?: string | null }} GeneratedRecord
 * @typedef {{ data: GeneratedRecord[], next_cursor: string | null, has_more: boolean }} RecordPage
 * @typedef {{ run_id?: string, resource?: string, platform?: string }} RecordScope
 * @typedef {{ resource: string, platform: string, count: number }} RunPart
 */

const PAGE_SIZE = 20;

/**
 * A record's main picture (the first of the files it brought), served from the site's uploads; its text is
 * the record's name, as the picture shows it.
 * @param {string} siteId @param {GeneratedRecord} r @param {string} name
 */
function picture(siteId, r, name) {
  const [file] = r.files ?? [];
  if (!file || !r.fields) return '—';
  const src = `/sites/${encodeURIComponent(siteId)}/uploads/${file.split('/').map(encodeURIComponent).join('/')}`;
  return h('img', { class: 'seeder-thumb', src, alt: `Picture of ${name}`, width: 56, height: 56, loading: 'lazy', decoding: 'async' });
}

/**
 * The Records part of "Generated data": `show(scope, title)` opens it on a run or a resource.
 * @param {SeederState} state
 */
export function recordsPart(state) {
  const headingId = uid('records');
  const heading = h('h3', { id: headingId }, 'Records');
  const body = h('div', { class: 'seeder-records-body' });
  // A run that made several kinds of records can be narrowed to one kind (run and resource together).
  const kindId = uid('records-kind');
  const kind = /** @type {HTMLSelectElement} */ (h('select', { id: kindId }));
  const narrow = h('p', { class: 'seeder-records-filter', hidden: true }, h('label', { for: kindId }, 'Show'), ' ', kind);
  const messages = state.messages();
  const element = h('section', { class: 'seeder-records', 'aria-labelledby': headingId, hidden: true }, heading, narrow, messages.element, body);
  const labels = new Map(state.payload.resources.map((r) => /** @type {[string, string]} */ ([r.name, r.singular])));
  const plurals = new Map(state.payload.resources.map((r) => /** @type {[string, string]} */ ([r.name, r.label])));

  /** @type {RecordScope} */
  let scope = {};
  /** The cursors of the pages before this one (the first page has none). @type {Array<string | undefined>} */
  let trail = [];
  /** @type {string | undefined} */
  let cursor;

  /** @param {RecordPage} page @param {number} number */
  const render = (page, number) => {
    /** @type {string[]} */
    const columns = [];
    for (const r of page.data) for (const k of Object.keys(r.fields ?? {})) if (k !== 'currency' && !columns.includes(k)) columns.push(k);
    const previous = h('button', { type: 'button', class: 'button-secondary', disabled: trail.length === 0 }, 'Previous page');
    const next = h('button', { type: 'button', class: 'button-secondary', disabled: !page.has_more }, 'Next page');
    previous.addEventListener('click', () => {
      cursor = trail.pop();
      void load(number - 1);
    });
    next.addEventListener('click', () => {
      trail.push(cursor);
      cursor = page.next_cursor ?? undefined;
      void load(number + 1);
    });
    const mixed = new Set(page.data.map((r) => r.resource)).size > 1;
    const pictures = page.data.some((r) => (r.files ?? []).length > 0);
    replace(
      body,
      page.data.length === 0
        ? h('p', {}, 'The ledger has no records here any more.')
        : h(
            'div',
            { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': 'Generated records (scrolls sideways)' },
            h(
              'table',
              { class: 'seeder-table seeder-stack seeder-records-table' },
              h('caption', {}, `Page ${number}`),
              h(
                'thead',
                {},
                h('tr', {}, h('th', { scope: 'col' }, 'Record'), mixed ? h('th', { scope: 'col' }, 'Kind') : null, pictures ? h('th', { scope: 'col' }, 'Picture') : null, columns.map((c) => h('th', { scope: 'col' }, columnName(c))), h('th', { scope: 'col' }, 'Generated')),
              ),
              h(
                'tbody',
                {},
                page.data.map((r) => {
                  const name = `${labels.get(r.resource) ?? r.resource} ${r.record_id}`;
                  // The run's locale; the browser's when it is not known.
                  const locale = bcp47(r.locale);
                  /** @param {string} c */
                  const cell = (c) => {
                    if (!r.fields) return '—';
                    const amount = r.money?.[c];
                    return amount ? money(amount.amount_minor, amount.currency, locale) : valueText(c, r.fields[c], r.fields, locale);
                  };
                  return h(
                    'tr',
                    { 'data-record-id': r.record_id, 'data-record-resource': r.resource },
                    h(
                      'th',
                      { scope: 'row' },
                      r.admin_url
                        ? h('a', { href: r.admin_url, 'aria-label': `${name} in ${state.platformLabel(r.platform)}` }, `#${r.record_id}`)
                        : `#${r.record_id}`,
                      r.fields ? null : h('span', { class: 'seeder-gone' }, ' (no longer in the store)'),
                    ),
                    mixed ? h('td', { 'data-label': 'Kind' }, labels.get(r.resource) ?? r.resource) : null,
                    pictures ? h('td', { 'data-label': 'Picture' }, picture(state.payload.site.id, r, name)) : null,
                    columns.map((c) => h('td', { 'data-label': columnName(c), 'data-field': c, class: r.money?.[c] ? 'seeder-number' : undefined }, cell(c))),
                    h('td', { 'data-label': 'Generated' }, formatDate(r.created_at)),
                  );
                }),
              ),
            ),
          ),
      h('p', { class: 'seeder-actions' }, previous, next),
    );
  };

  /** @param {number} number */
  const load = (number) =>
    whileBusy(element.querySelectorAll('button'), element, async () => {
      messages.say('Reading the records…');
      try {
        /** @type {RecordPage} */
        const page = await state.api.get('generated/records', { ...scope, limit: PAGE_SIZE, cursor });
        render(page, number);
        messages.clear();
      } catch (e) {
        messages.fail(`The records could not be read: ${errorLines(e)[0]}`);
      }
    });

  kind.addEventListener('change', () => {
    scope = { ...scope, resource: kind.value || undefined };
    trail = [];
    cursor = undefined;
    void load(1);
  });

  return {
    element,
    /**
     * @param {RecordScope} next
     * @param {string} title
     * @param {RunPart[]} [parts] what a run made, by kind: two kinds or more offer the "Show" choice
     */
    async show(next, title, parts = []) {
      scope = next;
      trail = [];
      cursor = undefined;
      heading.textContent = `Records: ${title}`;
      const kinds = [...new Map(parts.map((p) => [p.resource, 0])).keys()].map((r) => ({
        resource: r,
        count: parts.filter((p) => p.resource === r).reduce((n, p) => n + p.count, 0),
      }));
      narrow.hidden = kinds.length < 2;
      replace(
        kind,
        h('option', { value: '' }, `All kinds (${formatNumber(parts.reduce((n, p) => n + p.count, 0))})`),
        kinds.map((k) => h('option', { value: k.resource }, `${plurals.get(k.resource) ?? k.resource} (${formatNumber(k.count)})`)),
      );
      element.hidden = false;
      replace(body);
      await load(1);
      focusResult(element);
    },
  };
}

// @ts-check
/**
 * "Sample data": the site-wide consent (undecided, granted or declined; by whom and when), what it
 * means, Grant / Decline / Revoke (`POST sample-data/consent`, administrators only: it needs
 * `manage_options`), and, once granted, downloads of per-locale sample words and the recipe archive.
 */
import { confirmDialog, errorLines, formatDate, formatNumber, groupMessages, h, inWords, localeLabel, replace, uid, whileBusy } from './dom.js';

/** @typedef {import('./state.js').SeederState} SeederState */
/** @typedef {import('./types.js').SampleDataStatus} SampleDataStatus */
/** @typedef {import('./types.js').ConsentResult} ConsentResult */
/** @typedef {import('./types.js').SampleDataSyncResult} SampleDataSyncResult */

/**
 * @param {SeederState} state
 * @param {HTMLElement} panel
 */
export function mountSampleData(state, panel) {
  const stateBox = h('div', { class: 'seeder-consent' });
  const actions = h('div');
  const files = h('div');
  panel.append(
    h('h2', {}, 'Sample data'),
    h(
      'div',
      { class: 'seeder-explain' },
      h('p', {}, 'Sample data is reference vocabulary per locale (product names, category trees, brand names) that makes generated records read naturally in more languages. It is downloaded from a public source-hosting service, and the recipe archive comes from there too.'),
      h(
        'ul',
        {},
        h('li', {}, 'Nothing is downloaded until an administrator consents, once, for the whole site.'),
        h('li', {}, 'No site data is sent: each download is a plain request for a public file, without cookies, credentials or the site’s address.'),
        h('li', {}, 'Consent can be revoked at any time; revoking removes every downloaded file and the generators go back to their built-in words.'),
      ),
    ),
    stateBox,
    actions,
    files,
  );

  const consentMessages = state.messages();
  const downloadMessages = state.messages();
  /** @type {SampleDataStatus} */
  let status = state.payload.sample_data;
  const canDecide = state.payload.operator.can_manage_options;

  const refresh = async () => {
    status = await state.api.get('sample-data');
    render();
  };

  /** @param {'granted' | 'declined'} next @param {string} verb */
  const decide = async (next, verb) => {
    if (next === 'declined' && status.consent.state === 'granted') {
      const ok = await confirmDialog({
        title: 'Revoke consent?',
        message: h('p', {}, 'Every downloaded sample-data file and the downloaded recipe archive are removed, and nothing more is downloaded until consent is granted again.'),
        confirm: 'Revoke consent',
        danger: true,
      });
      if (!ok) return;
    }
    await whileBusy(actions.querySelectorAll('button'), panel, async () => {
      try {
        /** @type {ConsentResult} */
        const result = await state.api.post('sample-data/consent', { state: next });
        const removed = result.removed && (result.removed.sample_data_files || result.removed.recipe_archive)
          ? ` Removed ${formatNumber(result.removed.sample_data_files)} sample-data file(s)${result.removed.recipe_archive ? ' and the recipe archive' : ''}.`
          : '';
        // The state shown first, then the message about it.
        await refresh();
        consentMessages.say(`Consent ${verb}.${removed}`);
        if (removed) state.dispatchEvent(new Event('recipes-changed'));
      } catch (e) {
        consentMessages.fail(`The consent was not changed: ${errorLines(e)[0]}`);
      }
    });
  };

  const render = () => {
    const c = status.consent;
    const words = { undecided: 'Undecided: nothing is downloaded.', granted: 'Granted: downloads are allowed.', declined: 'Declined: nothing is downloaded.' };
    replace(
      stateBox,
      h('p', { class: `seeder-consent-state seeder-consent-${c.state}` }, h('strong', {}, 'Consent: '), words[c.state]),
      c.decided_by ? h('p', { class: 'hint' }, `Decided by ${c.decided_by}${c.decided_at ? ` on ${formatDate(c.decided_at)}` : ''}.`) : null,
    );

    /** @type {HTMLButtonElement[]} */
    const buttons = [];
    const button = (/** @type {string} */ text, /** @type {() => void} */ onClick, secondary = false) => {
      const b = h('button', { type: 'button', class: secondary ? 'button-secondary' : null }, text);
      b.addEventListener('click', onClick);
      buttons.push(b);
      return b;
    };
    if (c.state !== 'granted') button('Grant consent', () => decide('granted', 'granted'));
    if (c.state === 'undecided') button('Decline', () => decide('declined', 'declined'), true);
    if (c.state === 'granted') button('Revoke consent', () => decide('declined', 'revoked'), true);
    replace(
      actions,
      canDecide
        ? [h('p', { class: 'seeder-actions' }, buttons), consentMessages.element]
        : h('p', { class: 'hint' }, 'Only an administrator (the "manage_options" capability) can decide this for the site.'),
      c.state === 'granted' ? downloads() : null,
    );

    replace(
      files,
      h('h3', {}, 'Downloaded sample data'),
      status.files.length
        ? h(
            'table',
            { class: 'seeder-table' },
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Locale'), h('th', { scope: 'col', class: 'seeder-number' }, 'Size'), h('th', { scope: 'col' }, 'Downloaded'))),
            h(
              'tbody',
              {},
              status.files.map((f) => h('tr', {}, h('th', { scope: 'row' }, f.locale), h('td', { class: 'seeder-number' }, `${formatNumber(Math.ceil(f.bytes / 1024))} KB`), h('td', {}, formatDate(f.downloaded_at)))),
            ),
          )
        : h('p', {}, 'None. Generators use their built-in words.'),
    );
  };

  /** The download controls, shown once consent is granted. */
  const downloads = () => {
    const localeId = uid('sync-locale');
    const locale = h('select', { id: localeId }, state.payload.locales.map((l) => h('option', { value: l.code }, localeLabel(l))));
    // The site's default locale, as every endpoint schema states it (the site's list, after seeder_locales).
    const fallback = state.payload.resources[0]?.schema.properties?.locale?.default;
    locale.value = typeof fallback === 'string' ? fallback : (state.payload.locales[0]?.code ?? '');
    const syncWords = h('button', { type: 'button' }, 'Download sample data');
    const syncRecipes = h('button', { type: 'button', class: 'button-secondary' }, 'Download the recipe archive');
    const box = h(
      'div',
      { class: 'seeder-downloads' },
      h('h3', {}, 'Download'),
      h('div', { class: 'field' }, h('label', { for: localeId }, 'Locale'), locale),
      h('p', { class: 'seeder-actions' }, syncWords, syncRecipes),
      downloadMessages.element,
    );
    syncWords.addEventListener('click', () =>
      whileBusy([syncWords, syncRecipes, locale], box, async () => {
        downloadMessages.say(`Downloading the ${locale.value} sample data…`);
        try {
          /** @type {SampleDataSyncResult} */
          const result = await state.api.post('sample-data/sync', { locales: [locale.value] });
          const failed = groupMessages(result.failed.map((f) => `${f.locale}: ${inWords(f.error)}`));
          await refresh();
          const done = `Downloaded ${result.downloaded.map((d) => `${d.locale} (${formatNumber(Math.ceil(d.bytes / 1024))} KB)`).join(', ') || 'nothing'}.`;
          if (failed.length) downloadMessages.fail([done, ...failed.map((f) => `Failed: ${f}`)]);
          else downloadMessages.say(done);
        } catch (e) {
          downloadMessages.fail(`The download failed: ${errorLines(e)[0]}`);
        }
      }),
    );
    syncRecipes.addEventListener('click', () =>
      whileBusy([syncWords, syncRecipes, locale], box, async () => {
        downloadMessages.say('Downloading the recipe archive…');
        try {
          /** @type {{ changed: boolean, recipes: Array<{ id: string }> }} */
          const result = await state.api.post('recipes/sync', {});
          downloadMessages.say(result.changed ? `Downloaded the recipe archive: ${formatNumber(result.recipes.length)} recipes.` : 'The recipe archive is already up to date.');
          state.dispatchEvent(new Event('recipes-changed'));
        } catch (e) {
          downloadMessages.fail(`The download failed: ${errorLines(e)[0]}`);
        }
      }),
    );
    return box;
  };

  render();
}

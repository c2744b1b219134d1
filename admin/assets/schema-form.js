// @ts-check
/**
 * A form built from a resource's parameter schema (the same JSON Schema REST validates with), so the
 * admin never declares a parameter of its own. Each schema shape has one control:
 *
 * - integer/number: a number input with the schema's minimum and maximum;
 * - a string enum: a select; boolean: a checkbox; a date string: a date input; other strings: text;
 * - an array of an enum: a group of checkboxes; an array of strings: comma-separated text;
 * - an object (ranges like `{min, max}`, `date_range`, nested settings): a group of its properties.
 *
 * Inputs start at the schema's defaults, and only what differs from them is sent, so the server's
 * own defaults (some depend on the store's currency or on today's date) apply to the rest.
 * `count`, `locale`, `seed` and `recipe` get dedicated controls; `platform` comes from the section's
 * store picker and `recipe_run` is the server's business.
 */
import { append, countryName, h, humanise, localeLabel, uid } from './dom.js';

/** @typedef {import('./types.js').JSONSchema} JSONSchema */
/** @typedef {import('./types.js').AdminResource} AdminResource */
/** @typedef {{ value: unknown } | { error: string, focus: HTMLElement } | null} Read */
/**
 * @typedef {object} Control
 * @property {HTMLElement} element
 * @property {HTMLElement[]} inputs
 * @property {() => Read} read  null when nothing was given
 */

// `offset` splits a seed's rows between processes: the "Many records" total does that for a person.
const NOT_IN_FORM = new Set(['platform', 'recipe_run', 'offset']);

/** A schema description as a hint for people: without the platform id in brackets the CLI and API need. @param {string | undefined} text */
function hintText(text) {
  return text?.replace(/\s*\(platform "[^"]*"\)/g, '');
}
const FIRST = ['count', 'locale', 'seed', 'recipe'];
const PART_LABELS = /** @type {Record<string, string>} */ ({ min: 'Minimum', max: 'Maximum', start: 'From', end: 'To' });

/** @param {JSONSchema} schema @param {string} type */
function hasType(schema, type) {
  return Array.isArray(schema.type) ? schema.type.includes(type) : schema.type === type;
}

/** The default a schema implies: its own, else (for objects) its properties' defaults. @param {JSONSchema} schema @returns {unknown} */
export function defaultOf(schema) {
  if ('default' in schema) return schema.default;
  if (hasType(schema, 'object') && schema.properties) {
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const [k, s] of Object.entries(schema.properties)) {
      const d = defaultOf(s);
      if (d !== undefined) out[k] = d;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return undefined;
}

/** Structural equality of JSON values (key order ignored). @param {unknown} a @param {unknown} b @returns {boolean} */
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => same(/** @type {any} */ (a)[k], /** @type {any} */ (b)[k]));
}

/** @param {HTMLInputElement | HTMLSelectElement} input @returns {{ error: string, focus: HTMLElement } | null} */
function invalid(input) {
  if (input.checkValidity()) return null;
  return { error: input.validationMessage || 'Enter a valid value.', focus: input };
}

/**
 * @param {string} id
 * @param {JSONSchema} schema
 * @param {string} describedBy
 * @returns {Control}
 */
function scalar(id, schema, describedBy) {
  if (hasType(schema, 'boolean')) {
    const input = h('input', { id, type: 'checkbox', 'aria-describedby': describedBy });
    input.checked = schema.default === true;
    return { element: input, inputs: [input], read: () => ({ value: input.checked }) };
  }
  if (schema.enum) {
    const select = h('select', { id, 'aria-describedby': describedBy });
    if (!('default' in schema)) select.append(h('option', { value: '' }, "Store's default"));
    for (const v of schema.enum) select.append(h('option', { value: String(v) }, String(v)));
    if ('default' in schema) select.value = String(schema.default);
    return { element: select, inputs: [select], read: () => (select.value === '' ? null : { value: select.value }) };
  }
  if (hasType(schema, 'integer') && !hasType(schema, 'string')) return numberInput(id, schema, describedBy, 1);
  if (hasType(schema, 'number')) return numberInput(id, schema, describedBy, 'any');
  const date = schema.format === 'date';
  const input = h('input', { id, type: date ? 'date' : 'text', 'aria-describedby': describedBy, maxlength: schema.maxLength, autocomplete: 'off' });
  if (typeof schema.default === 'string') input.value = schema.default;
  return {
    element: input,
    inputs: [input],
    read: () => invalid(input) ?? (input.value.trim() === '' ? null : { value: input.value.trim() }),
  };
}

/**
 * @param {string} id @param {JSONSchema} schema @param {string} describedBy @param {number | 'any'} step
 * @returns {Control}
 */
function numberInput(id, schema, describedBy, step) {
  const input = h('input', { id, type: 'number', inputmode: step === 1 ? 'numeric' : 'decimal', step, min: schema.minimum, max: schema.maximum, 'aria-describedby': describedBy });
  if (typeof schema.default === 'number') input.value = String(schema.default);
  return {
    element: input,
    inputs: [input],
    read: () => invalid(input) ?? (input.value === '' ? null : { value: Number(input.value) }),
  };
}

/**
 * A group of checkboxes for an array of an enum.
 * @param {string} id @param {JSONSchema} schema @param {string} label @param {HTMLElement[]} notes
 * @returns {Control}
 */
function enumList(id, schema, label, notes) {
  const chosen = new Set(Array.isArray(schema.default) ? schema.default : []);
  const values = (schema.items?.enum ?? []).map(String);
  // A list of ISO country codes shows the countries' names (the browser's own), in name order.
  const countries = values.length > 0 && values.every((v) => /^[A-Z]{2}$/.test(v));
  const text = (/** @type {string} */ v) => (countries ? countryName(v) : humanise(v));
  const ordered = countries ? [...values].sort((a, b) => text(a).localeCompare(text(b))) : values;
  const boxes = ordered.map((v) => {
    const boxId = `${id}-${v}`;
    const box = h('input', { id: boxId, type: 'checkbox', value: v });
    box.checked = chosen.has(v);
    return { box, row: h('div', { class: 'seeder-check' }, box, h('label', { for: boxId }, text(v))) };
  });
  const fieldset = h(
    'fieldset',
    { id, class: countries ? 'seeder-group seeder-choices seeder-countries' : 'seeder-group seeder-choices', 'aria-describedby': notes.map((n) => n.id).join(' ') },
    h('legend', {}, label),
    countries ? h('div', { class: 'seeder-country-list' }, boxes.map((b) => b.row)) : boxes.map((b) => b.row),
    notes,
  );
  return {
    element: fieldset,
    inputs: boxes.map((b) => b.box),
    read: () => ({ value: boxes.filter((b) => b.box.checked).map((b) => b.box.value) }),
  };
}

/**
 * @param {string} id @param {JSONSchema} schema @param {string} label @param {HTMLElement[]} notes
 * @returns {Control}
 */
function group(id, schema, label, notes) {
  const parts = Object.entries(schema.properties ?? {}).map(([key, child]) => ({ key, control: field(`${id}-${key}`, child, PART_LABELS[key] ?? humanise(key), false) }));
  const flat = parts.every((p) => !hasType(/** @type {JSONSchema} */ (schema.properties?.[p.key]), 'object'));
  const fieldset = h(
    'fieldset',
    { id, class: flat ? 'seeder-group seeder-inline' : 'seeder-group', 'aria-describedby': notes.map((n) => n.id).join(' ') },
    h('legend', {}, label),
    h('div', { class: 'seeder-group-parts' }, parts.map((p) => p.control.element)),
    notes,
  );
  return {
    element: fieldset,
    inputs: parts.flatMap((p) => p.control.inputs),
    read: () => {
      /** @type {Record<string, unknown>} */
      const out = {};
      for (const { key, control } of parts) {
        const r = control.read();
        if (r && 'error' in r) return r;
        if (r) out[key] = r.value;
      }
      return Object.keys(out).length ? { value: out } : null;
    },
  };
}

/**
 * One labelled control with its description and, at the top level, an error slot.
 * @param {string} id @param {JSONSchema} schema @param {string} label @param {boolean} top
 * @returns {Control & { error?: HTMLElement }}
 */
function field(id, schema, label, top) {
  const hint = schema.description && top ? h('p', { id: `${id}-hint`, class: 'hint' }, hintText(schema.description)) : null;
  const error = top ? h('p', { id: `${id}-error`, class: 'seeder-field-error', hidden: true }) : undefined;
  const notes = /** @type {HTMLElement[]} */ ([hint, error].filter(Boolean));
  const describedBy = notes.map((n) => n.id).join(' ');
  if (hasType(schema, 'object') && schema.properties) return { ...group(id, schema, label, notes), error };
  if (hasType(schema, 'array') && schema.items?.enum) return { ...enumList(id, schema, label, notes), error };
  if (hasType(schema, 'array')) {
    const input = h('input', { id, type: 'text', 'aria-describedby': describedBy, autocomplete: 'off' });
    if (Array.isArray(schema.default)) input.value = schema.default.join(', ');
    const wrap = h('div', { class: 'field' }, h('label', { for: id }, label, h('span', { class: 'seeder-unit' }, ' (comma-separated)')), input, notes);
    return {
      element: wrap,
      inputs: [input],
      error,
      read: () => {
        const items = input.value.split(',').map((s) => s.trim()).filter(Boolean);
        return input.value.trim() === '' ? null : { value: items };
      },
    };
  }
  const control = scalar(id, schema, describedBy || /** @type {any} */ (undefined));
  const isCheck = control.element instanceof HTMLInputElement && control.element.type === 'checkbox';
  const labelEl = h('label', { for: id }, label);
  const wrap = isCheck ? h('div', { class: 'field seeder-check' }, control.element, labelEl, notes) : h('div', { class: 'field' }, labelEl, control.element, notes);
  return { ...control, element: wrap, error };
}

/**
 * @typedef {{ searchable: boolean, platform: string | null, items: Array<{ id: string, label: string }> }} LookupAnswer
 * @typedef {object} FormContext
 * @property {Array<{ code: string, label: string }>} locales
 * @property {Array<{ id: string, name: string }>} recipes
 * @property {(platform: string) => string} platformLabel
 * @property {(resource: string, search: string) => Promise<LookupAnswer>} lookup  `GET lookup` on the chosen store
 */

/**
 * The parameter form of one resource.
 * @param {AdminResource} resource
 * @param {FormContext} ctx
 */
export function schemaForm(resource, ctx) {
  const props = resource.schema.properties ?? {};
  const names = [...FIRST.filter((n) => n in props), ...Object.keys(props).filter((n) => !FIRST.includes(n) && !NOT_IN_FORM.has(n))];
  /** @type {Map<string, { control: Control & { error?: HTMLElement }, schema: JSONSchema, platform: string | null, note: HTMLElement | null }>} */
  const fields = new Map();
  const general = h('div', { class: 'seeder-fields' });
  const storeOnly = h('div', { class: 'seeder-fields' });

  for (const name of names) {
    const schema = /** @type {JSONSchema} */ (props[name]);
    const id = uid(`p-${name}`);
    /** @type {Control & { error?: HTMLElement }} */
    let control;
    if (name === 'count') {
      // The API's words ("larger volumes are made of several requests") point a person at the Total field below.
      const description = `1 to ${schema.maximum ?? 100} in one request. For more, fill in Total under "Many records" below.`;
      control = field(id, { ...schema, default: 10, description }, 'Count', true);
      /** @type {HTMLInputElement} */ (control.inputs[0]).required = true;
    } else if (name === 'locale') {
      control = choiceField(id, 'Locale', schema.description, ctx.locales.map((l) => [l.code, localeLabel(l)]), typeof schema.default === 'string' ? schema.default : '');
    } else if (name === 'recipe') {
      control = choiceField(id, 'Recipe words', schema.description, [['', 'None'], ...ctx.recipes.map((r) => /** @type {[string, string]} */ ([r.id, r.name]))], '');
    } else if (name === 'seed') {
      control = field(id, schema, 'Seed', true);
      /** @type {HTMLInputElement} */ (control.inputs[0]).placeholder = 'random';
    } else if (typeof schema['x-seeder-lookup'] === 'string') {
      control = pickerField(id, schema, humanise(name), schema['x-seeder-lookup'], ctx);
    } else {
      control = field(id, schema, humanise(name), true);
    }
    const platform = resource.platform_fields[name] ?? null;
    const note = platform ? h('p', { class: 'seeder-note', hidden: true }) : null;
    if (note) append(control.element, [note]);
    control.element.dataset.param = name;
    fields.set(name, { control, schema, platform, note });
    (platform ? storeOnly : general).append(control.element);
  }

  const element = h(
    'div',
    { class: 'seeder-form-fields' },
    general,
    storeOnly.childElementCount
      ? h('fieldset', { class: 'seeder-group seeder-store-fields' }, h('legend', {}, 'Store-specific fields'), h('p', { class: 'hint' }, 'Each applies only when writing to its store.'), storeOnly)
      : null,
  );

  /** @param {HTMLElement} input @param {boolean} on */
  const setInvalid = (input, on) => (on ? input.setAttribute('aria-invalid', 'true') : input.removeAttribute('aria-invalid'));

  return {
    element,

    /**
     * The parameters to send, or the client-side problems (shown next to their fields).
     * @returns {{ params: Record<string, unknown> } | { problems: Record<string, string>, focus: HTMLElement }}
     */
    values() {
      /** @type {Record<string, unknown>} */
      const params = {};
      /** @type {Record<string, string>} */
      const problems = {};
      /** @type {HTMLElement | null} */
      let focus = null;
      for (const [name, { control, schema }] of fields) {
        if (control.inputs.every((i) => /** @type {HTMLInputElement} */ (i).disabled)) continue;
        const r = control.read();
        if (r && 'error' in r) {
          problems[name] = r.error;
          focus ??= r.focus;
          continue;
        }
        if (!r) continue;
        if (name !== 'count' && same(r.value, defaultOf(schema))) continue;
        params[name] = r.value;
      }
      if (Object.keys(problems).length) {
        this.showErrors(problems);
        return { problems, focus: /** @type {HTMLElement} */ (focus) };
      }
      return { params };
    },

    /**
     * Shows `problems` (parameter name to message, as `details.params` of a 422) next to their
     * fields; returns the messages that belong to no field.
     * @param {Record<string, string>} problems
     * @returns {string[]}
     */
    showErrors(problems) {
      this.clearErrors();
      /** @type {string[]} */
      const unplaced = [];
      let first = true;
      for (const [name, message] of Object.entries(problems)) {
        const f = fields.get(name);
        if (!f?.control.error) {
          unplaced.push(`${humanise(name)}: ${message}`);
          continue;
        }
        f.control.error.textContent = message;
        f.control.error.hidden = false;
        f.control.element.classList.add('seeder-invalid');
        for (const i of f.control.inputs) setInvalid(i, true);
        if (first) f.control.inputs[0]?.focus();
        first = false;
      }
      return unplaced;
    },

    /** Clears one field's error (its value changed). @param {string} name */
    clearError(name) {
      const f = fields.get(name);
      if (!f) return;
      if (f.control.error) {
        f.control.error.hidden = true;
        f.control.error.textContent = '';
      }
      f.control.element.classList.remove('seeder-invalid');
      for (const i of f.control.inputs) setInvalid(i, false);
    },

    /** Whether any field shows an error. */
    hasErrors() {
      return [...fields.values()].some((f) => f.control.element.classList.contains('seeder-invalid'));
    },

    clearErrors() {
      for (const { control } of fields.values()) {
        if (control.error) {
          control.error.hidden = true;
          control.error.textContent = '';
        }
        control.element.classList.remove('seeder-invalid');
        for (const i of control.inputs) setInvalid(i, false);
      }
    },

    /** Fills the seed input (after a preview chose one, so Generate writes the same rows). @param {string} seed */
    setSeed(seed) {
      const f = fields.get('seed');
      if (f) /** @type {HTMLInputElement} */ (f.control.inputs[0]).value = seed;
    },

    /** The current seed input ('' when random). */
    seed() {
      const f = fields.get('seed');
      return f ? /** @type {HTMLInputElement} */ (f.control.inputs[0]).value.trim() : '';
    },

    /**
     * Turns off the fields of other stores than `platform` (they would be refused); with no platform
     * decided yet, every store's fields stay available.
     * @param {string | null} platform
     */
    setPlatform(platform) {
      for (const f of fields.values()) {
        if (!f.platform || !f.note) continue;
        const off = platform !== null && platform !== f.platform;
        for (const i of f.control.inputs) /** @type {HTMLInputElement} */ (i).disabled = off;
        f.note.hidden = !off;
        f.note.textContent = off ? `Not sent: applies only when writing to ${ctx.platformLabel(f.platform)}.` : '';
      }
    },
  };
}

/**
 * A labelled select of fixed choices (locale, recipe).
 * @param {string} id @param {string} label @param {string | undefined} description
 * @param {Array<[string, string]>} choices @param {string} initial
 * @returns {Control & { error: HTMLElement }}
 */
function choiceField(id, label, description, choices, initial) {
  const hint = description ? h('p', { id: `${id}-hint`, class: 'hint' }, hintText(description)) : null;
  const error = h('p', { id: `${id}-error`, class: 'seeder-field-error', hidden: true });
  const select = h('select', { id, 'aria-describedby': [hint?.id, error.id].filter(Boolean).join(' ') });
  for (const [value, text] of choices) select.append(h('option', { value }, text));
  if (choices.some(([v]) => v === initial)) select.value = initial;
  return {
    element: h('div', { class: 'field' }, h('label', { for: id }, label), select, hint, error),
    inputs: [select],
    error,
    read: () => (select.value === '' ? null : { value: select.value }),
  };
}

/**
 * A parameter that names an existing record (`x-seeder-lookup` in its schema): a text input whose
 * suggestions come from `GET lookup` on the chosen store as the operator types. A store that cannot
 * search answers nothing, and the input still takes a typed id (the spec's picker rule).
 * @param {string} id @param {JSONSchema} schema @param {string} label @param {string} resource @param {FormContext} ctx
 * @returns {Control & { error: HTMLElement }}
 */
function pickerField(id, schema, label, resource, ctx) {
  const hint = schema.description ? h('p', { id: `${id}-hint`, class: 'hint' }, hintText(schema.description)) : null;
  const status = h('p', { id: `${id}-status`, class: 'hint seeder-lookup-status', 'aria-live': 'polite' });
  const error = h('p', { id: `${id}-error`, class: 'seeder-field-error', hidden: true });
  const options = h('datalist', { id: `${id}-options` });
  const input = h('input', {
    id,
    type: 'text',
    list: options.id,
    autocomplete: 'off',
    placeholder: 'Search by name or email, or type an id',
    'aria-describedby': [hint?.id, status.id, error.id].filter(Boolean).join(' '),
  });
  let asked = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const search = async () => {
    const n = ++asked;
    /** @type {LookupAnswer} */
    let found;
    try {
      found = await ctx.lookup(resource, input.value.trim());
    } catch (e) {
      if (n === asked) status.textContent = `Searching failed (${/** @type {Error} */ (e).message}); you can still type an id.`;
      return;
    }
    if (n !== asked) return;
    options.replaceChildren(...found.items.map((item) => h('option', { value: item.id }, `${item.label} (#${item.id})`)));
    status.textContent = !found.searchable
      ? found.platform
        ? `${ctx.platformLabel(found.platform)} cannot search its records: type the id.`
        : 'Choose a store to search its records, or type an id.'
      : found.items.length
        ? `${found.items.length} found: pick one from the suggestions or type an id.`
        : 'Nothing found: try another name, or type an id.';
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(search, 250);
  });
  input.addEventListener('focus', () => {
    if (!options.childElementCount) void search();
  });
  return {
    element: h('div', { class: 'field' }, h('label', { for: id }, label), input, options, hint, status, error),
    inputs: [input],
    error,
    read: () => (input.value.trim() === '' ? null : { value: input.value.trim() }),
  };
}

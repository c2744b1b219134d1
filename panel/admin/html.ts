/**
 * HTML for the admin shell without a template engine: `html` is a tagged template that escapes every
 * interpolated value unless it is already `Html` (the result of another `html` call), so a plugin's
 * title, a notice or an email address can never become markup, whichever template they end up in.
 */

/** Markup that is already safe (built by `html`); anything else interpolated is escaped. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolation = Html | string | number | boolean | null | undefined | readonly Interpolation[];

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

function render(value: Interpolation): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  // false/null/undefined render nothing, so `${cond && html`...`}` reads naturally.
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

/**
 * JSON that is safe inside `<script type="application/json">`: `<`, `>` and `&` are written as
 * `\u003c` etc., so no string in the payload can close the element or open a comment, and U+2028 and
 * U+2029 are escaped for any consumer that still treats the text as JavaScript. `JSON.parse` restores
 * every character. `undefined` (a payload function that returns nothing) becomes `null`.
 */
export function jsonForScript(value: unknown): Html {
  const json = JSON.stringify(value) ?? 'null';
  return new Html(
    json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}

/**
 * The shape of a preview's answer as JSON Schema (2020-12, which OpenAPI 3.1 uses): one place for the
 * REST document's `PreviewResult` (rest/openapi.ts) and the preview tools' MCP `outputSchema`
 * (mcp/tools.ts). The kinds of a column come from `generators/columns.ts`.
 */
import { COLUMN_KINDS } from '../generators/columns.ts';
import { RESOURCE_NAMES } from '../generators/resources.ts';
import { obj, str, type Schema } from '../lib/schema-builders.ts';


export const LOCALE_DATA_SCHEMA: Schema = {
  ...obj({ words: str, people: str, places: str, country: str, currency: str }),
  description:
    'What the records are made from: the built-in words (a language such as "de", or "en_US" where the language has none), ' +
    'the faker locale of names and of places in the locale\'s country (a locale a plugin added takes the nearest: de_LU gives words "de", places "fr_LU"), its country and currency.',
};

export const COLUMN_SCHEMA: Schema = {
  ...obj(
    {
      key: { type: 'string', description: 'The row field.' },
      label: { type: 'string', description: 'A readable name for the field.' },
      kind: {
        enum: [...COLUMN_KINDS],
        description:
          'How to render the values: money (integer minor units in the currency the row field currency_key names), date (ISO 8601), ' +
          'reference ({ id or key, label }), references (a list of those), enum (a vocabulary code), country (ISO 3166-1 alpha-2), ' +
          'currency (ISO 4217), percent, number, boolean, text, address, list, object, key (the row\'s entity key).',
      },
      currency_key: { type: 'string', description: 'For money: the row field holding the currency.' },
      refers_to: { enum: [...RESOURCE_NAMES], description: 'For reference and references: the resource referred to.' },
    },
    ['key', 'label', 'kind'],
  ),
};

export const PREVIEW_RESULT_SCHEMA: Schema = obj({
  resource: { enum: [...RESOURCE_NAMES] },
  seed: str,
  seed_generated: { type: 'boolean' },
  locale: str,
  locale_data: LOCALE_DATA_SCHEMA,
  platform: { type: ['string', 'null'], description: 'The store whose existing records were used, when one resolved.' },
  references: {
    enum: ['store', 'stand-in', 'none'],
    description:
      'What the rows\' references point at: store (records of platform), stand-in (no store resolved: self-contained stand-in records made ' +
      'from the seed, ids starting "stand-in-"; generate refers to the store\'s records instead), none (the resource refers to no other records).',
  },
  references_note: { type: 'string', description: 'The same, in words for people.' },
  columns: { type: 'array', items: COLUMN_SCHEMA, description: 'Every top-level field of the rows, in order, with its kind.' },
  count: { type: 'integer' },
  rows: { type: 'array', items: { type: 'object' }, description: 'The entities generate would write; each reference also carries a label.' },
});

/**
 * The subset of JSON Schema (draft 2020-12) the parameter schemas use, and small builders so each
 * generator declares its parameters as data in a few lines. Every parameter gets a `default` and a
 * `description`; objects stay nested and closed (`additionalProperties: false`).
 */

export type JSONValue = string | number | boolean | null | readonly JSONValue[] | { readonly [k: string]: JSONValue };

export interface JSONSchema {
  $schema?: string;
  $id?: string;
  title?: string;
  description?: string;
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null' | readonly ('string' | 'integer' | 'number' | 'boolean' | 'null' | 'object' | 'array')[];
  properties?: Record<string, JSONSchema>;
  required?: readonly string[];
  additionalProperties?: boolean;
  items?: JSONSchema;
  enum?: readonly (string | number | boolean | null)[];
  default?: JSONValue;
  examples?: readonly JSONValue[];
  /**
   * Marks a parameter that names an existing record of this resource (e.g. `customer`): surfaces offer
   * a picker backed by `GET lookup`, and still accept a typed id when the store cannot search.
   */
  'x-seeder-lookup'?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

/** An object schema of resource parameters (the `schema` of a generator). */
export interface ParameterObjectSchema extends JSONSchema {
  type: 'object';
  properties: Record<string, JSONSchema>;
  additionalProperties: false;
}

export function params(properties: Record<string, JSONSchema>): ParameterObjectSchema {
  return { type: 'object', properties, additionalProperties: false };
}

/** A percentage 0 to 100 (`guest_cart_ratio: 100` means every cart). */
export function ratio(defaultValue: number, description: string): JSONSchema {
  return { type: 'integer', minimum: 0, maximum: 100, default: defaultValue, description: `${description} Percent, 0 to 100.` };
}

export function boolean(defaultValue: boolean, description: string): JSONSchema {
  return { type: 'boolean', default: defaultValue, description };
}

export function integer(defaultValue: number, minimum: number, maximum: number, description: string): JSONSchema {
  return { type: 'integer', minimum, maximum, default: defaultValue, description };
}

export function oneOf(values: readonly string[], defaultValue: string, description: string): JSONSchema {
  return { type: 'string', enum: values, default: defaultValue, description };
}

/** A non-empty list of distinct values from `values`. */
export function listOf(values: readonly string[], defaultValue: readonly string[], description: string): JSONSchema {
  return {
    type: 'array',
    items: { type: 'string', enum: values },
    minItems: 1,
    uniqueItems: true,
    default: defaultValue,
    description,
  };
}

/**
 * `{min, max}` with both bounds defaulted, so `{ "max": 50 }` keeps the default minimum. That
 * `min <= max` is checked by the generator's `check`, since JSON Schema cannot compare fields.
 */
export function range(
  defaults: { min: number; max: number },
  bounds: { minimum: number; maximum: number; integer?: boolean },
  description: string,
  names: { min: string; max: string } = { min: 'min', max: 'max' },
): JSONSchema {
  const type = bounds.integer === false ? 'number' : 'integer';
  return {
    type: 'object',
    properties: {
      [names.min]: { type, minimum: bounds.minimum, maximum: bounds.maximum, default: defaults.min, description: 'Lower bound.' },
      [names.max]: { type, minimum: bounds.minimum, maximum: bounds.maximum, default: defaults.max, description: 'Upper bound.' },
    },
    additionalProperties: false,
    default: { [names.min]: defaults.min, [names.max]: defaults.max },
    description,
  };
}

/** Problems found by a generator's cross-field `check`: parameter name to message. */
export type ParameterProblems = Record<string, string>;

/** Reports `name` when its lower bound is above its upper bound. */
export function checkRange(
  problems: ParameterProblems,
  name: string,
  value: Record<string, number> | undefined,
  lo = 'min',
  hi = 'max',
): void {
  if (value && typeof value[lo] === 'number' && typeof value[hi] === 'number' && value[lo]! > value[hi]!) {
    problems[name] = `${lo} must not be greater than ${hi}`;
  }
}

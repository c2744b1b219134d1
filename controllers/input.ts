/**
 * Checks a plain parameter object against an endpoint's input schema (controllers/endpoints.ts), the
 * same way for every route and surface: values that arrive as text (a query string, a CLI flag) are
 * read as the type the schema declares, unknown names are refused with the nearest accepted one
 * (controllers/unknown-params.ts), defaults are filled, and any other violation is 422
 * `validation.invalid` naming each parameter with what the schema expects. The expectation is
 * worded from the schema itself, so a bound is written once, in the schema.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { parameterAjv } from '../generators/schema.ts';
import { PanelError } from '../panel/errors.ts';
import type { JSONSchema } from '../generators/json-schema.ts';
import { refuseUnknown } from './unknown-params.ts';

/** An endpoint's input: a closed object of named parameters. */
export interface InputSchema extends JSONSchema {
  $id: string;
  type: 'object';
  properties: Record<string, JSONSchema>;
  additionalProperties: false;
}

/** A closed input schema named `id` (the name under which a build can precompile its validator). */
export function inputSchema(id: string, properties: Record<string, JSONSchema>, required: readonly string[] = []): InputSchema {
  return { $id: `seeder:input/${id}`, type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/** The module the build generates next to this one's compiled code, from the endpoint table (validators.ts). */
const GENERATED = './input.validators/index.cjs';
export const INPUT_VALIDATORS_DIR = fileURLToPath(new URL('.', new URL(GENERATED, import.meta.url)));
let generated: { get(key: string): ValidateFunction | undefined } | undefined;
const compiled = new Map<string, ValidateFunction>();

/**
 * The validator of a schema: in the compiled build, the one the build generated for the table's
 * schema of that `$id`; otherwise (run from the sources, a schema the table does not hold) compiled
 * on first use with the parameter schemas' Ajv, which a command that checks no input never loads.
 */
export function inputValidator(schema: InputSchema): ValidateFunction {
  let validate = compiled.get(schema.$id);
  if (!validate) {
    if (!import.meta.url.endsWith('.ts')) generated ??= createRequire(import.meta.url)(GENERATED) as typeof generated;
    validate = generated?.get(schema.$id) ?? parameterAjv().compile(schema as unknown as Record<string, unknown>);
    compiled.set(schema.$id, validate);
  }
  return validate;
}

const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];

/** A text value read as the type its schema declares; left as it was when it does not read as one. */
function fromText(value: string, schema: JSONSchema): unknown {
  const types = [schema.type ?? []].flat();
  if (types.includes('string') || schema.enum?.includes(value)) return value;
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (types.includes('boolean')) {
    if (TRUE.includes(value.toLowerCase())) return true;
    if (FALSE.includes(value.toLowerCase())) return false;
  }
  if (types.includes('array')) return value.split(',').map((s) => s.trim()).filter(Boolean);
  return value;
}

const list = (values: readonly unknown[]) => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');

/** What a schema expects, in the words of a 422's `details.params`. */
export function expectation(schema: JSONSchema): string {
  if (schema.enum) return `must be one of ${list(schema.enum)}`;
  const types = [schema.type ?? []].flat();
  if (types.length > 1) return `must be ${types.map((t) => (t === 'integer' ? 'an integer' : `a ${t}`)).join(' or ')}`;
  switch (types[0]) {
    case 'integer':
    case 'number': {
      const kind = types[0] === 'integer' ? 'an integer' : 'a number';
      if (schema.minimum !== undefined && schema.maximum !== undefined) return `must be ${kind} from ${schema.minimum} to ${schema.maximum}`;
      if (schema.minimum !== undefined) return `must be ${kind} of at least ${schema.minimum}`;
      return `must be ${kind}`;
    }
    case 'boolean':
      return 'must be a boolean';
    case 'string': {
      const bounds = [schema.minLength ? `non-empty` : '', schema.maxLength !== undefined ? `of at most ${schema.maxLength} characters` : ''];
      return `must be a ${bounds[0] ? `${bounds[0]} ` : ''}string${bounds[1] ? ` ${bounds[1]}` : ''}`;
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const count = schema.maxItems !== undefined ? ` of ${min} to ${schema.maxItems}` : min > 0 ? ` of at least ${min}` : '';
      return `must be a list${count} whose items ${schema.items ? expectation(schema.items).replace(/^must /, '') : 'are values'}`;
    }
    case 'object':
      return 'must be an object';
    default:
      return 'is not valid';
  }
}

/** The parameter an Ajv error is about: the first segment of its path, or the missing property. */
function parameterOf(error: ErrorObject): string {
  if (error.keyword === 'required') return String((error.params as { missingProperty: string }).missingProperty);
  return decodeURIComponent(error.instancePath.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
}

export interface CheckOptions {
  /** The values may arrive as text (a query string, a CLI flag): read them as their declared types; an empty one is absent. */
  text?: boolean;
}

/** The parameters `raw` holds, checked against `schema` with its defaults filled; 422 on any violation. */
export function checkInput<T = Record<string, unknown>>(schema: InputSchema, raw: unknown, options: CheckOptions = {}): T {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): parameters', { params: { parameters: 'must be an object' } });
  }
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    if (value === undefined) continue;
    const declared = schema.properties[name];
    if (options.text && typeof value === 'string') {
      if (value === '') continue;
      input[name] = declared ? fromText(value, declared) : value;
    } else {
      input[name] = value;
    }
  }
  refuseUnknown(input, Object.keys(schema.properties));
  const validate = inputValidator(schema);
  if (!validate(input)) {
    const problems: Record<string, string> = {};
    for (const error of validate.errors ?? []) {
      const name = parameterOf(error);
      const declared = schema.properties[name];
      if (name && !problems[name]) problems[name] = declared ? expectation(declared) : 'is not valid';
    }
    const names = Object.keys(problems).sort();
    throw new PanelError('validation.invalid', `Invalid parameter(s): ${names.join(', ') || 'parameters'}`, {
      params: names.length ? problems : { parameters: 'is not valid' },
      ...(names.length === 1 ? { field: names[0] } : {}),
    });
  }
  return input as T;
}

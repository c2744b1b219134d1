/**
 * Request validation from the contract: path and query parameters and the JSON body of each
 * operation, checked by the schemas compiled from openapi.yaml. Any violation is 422
 * `validation.invalid` with `details.field` (the first offending field) and `details.errors`
 * (every offending field, where it was, Ajv's message and the rule that failed). Malformed JSON
 * never gets here: the HTTP shell answers it with 400.
 */
import type { ErrorObject } from 'ajv';
import type { Request } from 'express';
import { PanelError } from '../errors.ts';
import type { ApiContract, JsonObject, OperationSpec, ParameterSpec } from './openapi.ts';

export interface FieldError {
  field: string;
  in: 'body' | 'query' | 'path';
  message: string;
  rule: string;
}

export interface ValidInput {
  query: Record<string, unknown>;
  params: Record<string, string>;
  body: unknown;
}

const COMBINATORS = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'not']);

function pointerToField(pointer: string): string[] {
  return pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function fieldErrors(errors: readonly ErrorObject[], location: FieldError['in'], root?: string): FieldError[] {
  const specific = errors.filter((e) => !COMBINATORS.has(e.keyword));
  const chosen = specific.length > 0 ? specific : errors;
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of chosen) {
    const parts = root ? [root, ...pointerToField(e.instancePath)] : pointerToField(e.instancePath);
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'required') parts.push(String(params.missingProperty));
    if (e.keyword === 'additionalProperties') parts.push(String(params.additionalProperty));
    if (e.keyword === 'unevaluatedProperties') parts.push(String(params.unevaluatedProperty));
    const field = parts.join('.') || location;
    const message = e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties' ? 'is not a known field' : (e.message ?? 'is invalid');
    const key = `${field}|${e.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, in: location, message, rule: e.keyword });
  }
  return out;
}

export function validationError(errors: FieldError[]): PanelError {
  const fields = [...new Set(errors.map((e) => e.field))];
  return new PanelError('validation.invalid', `Invalid parameter(s): ${fields.join(', ')}.`, { field: fields[0], errors });
}

/** Query strings arrive as text: numbers and booleans the schema asks for are converted first. */
function coerceQueryValue(value: unknown, schema: JsonObject): unknown {
  if (typeof value !== 'string') return value;
  const type = schema.type;
  if (type === 'integer' && /^-?\d{1,15}$/.test(value)) return Number(value);
  if (type === 'number' && /^-?\d{1,15}(\.\d{1,15})?$/.test(value)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function checkParameters(contract: ApiContract, params: ParameterSpec[], source: Record<string, unknown>, location: 'query' | 'path'): { values: Record<string, unknown>; errors: FieldError[] } {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const p of params) {
    const raw = source[p.name];
    if (raw === undefined) {
      if (p.schema.default !== undefined) values[p.name] = p.schema.default;
      else if (p.required) errors.push({ field: p.name, in: location, message: 'is required', rule: 'required' });
      continue;
    }
    const value = location === 'query' ? coerceQueryValue(raw, p.schema) : raw;
    const validate = contract.validator(p.schema);
    if (validate(value)) values[p.name] = value;
    else errors.push(...fieldErrors(validate.errors ?? [], location, p.name));
  }
  return { values, errors };
}

export function validateRequest(contract: ApiContract, op: OperationSpec, req: Request): ValidInput {
  const query = checkParameters(contract, op.parameters.filter((p) => p.in === 'query'), req.query as Record<string, unknown>, 'query');
  const path = checkParameters(contract, op.parameters.filter((p) => p.in === 'path'), req.params as Record<string, unknown>, 'path');
  const errors = [...path.errors, ...query.errors];
  let body: unknown;
  if (op.body) {
    // No body at all reads as an empty object, so missing fields are reported by name.
    body = req.body === undefined ? {} : req.body;
    const validate = contract.validator(op.body.schema);
    if (!validate(body)) errors.push(...fieldErrors(validate.errors ?? [], 'body'));
  }
  if (errors.length > 0) throw validationError(errors);
  return { query: query.values, params: path.values as Record<string, string>, body };
}

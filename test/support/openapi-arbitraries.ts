/**
 * fast-check arbitraries built from an OpenAPI document's JSON Schemas, for the conformance tests
 * (issue 14 point 3): the Seeder's generated document (test/rest/seeder-conformance.test.ts) and the
 * control panel API's panel/openapi.yaml (test/api/panel-conformance.test.ts). `valid` covers the
 * subset of JSON Schema the two documents use; `invalid` is anything at all.
 */
import fc from 'fast-check';

export type Schema = Record<string, unknown>;

/** Follows `$ref`s to a schema. */
export type Resolve = (schema: Schema) => Schema;

/** A resolver over `#/components/schemas/X` references. */
export function componentResolver(schemas: Record<string, Schema>): Resolve {
  const resolve: Resolve = (schema) => {
    const ref = schema.$ref as string | undefined;
    return ref ? resolve(schemas[ref.split('/').pop()!]!) : schema;
  };
  return resolve;
}

/** Values a schema accepts (the subset the documents use), or anything when it says little. */
export function validArbitrary(resolve: Resolve, schemaIn: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(schemaIn);
  const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map((s) => validArbitrary(resolve, s, depth)));
  if (Array.isArray(schema.allOf)) {
    // Merge the parts' properties and required lists (enough for object compositions).
    const parts = [schema, ...(schema.allOf as Schema[])].map(resolve);
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const p of parts) {
      Object.assign(merged.properties as Schema, p.properties ?? {});
      (merged.required as string[]).push(...((p.required as string[] | undefined) ?? []));
    }
    return validArbitrary(resolve, merged, depth);
  }
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const types = [schema.type].flat().filter(Boolean) as string[];
  const type = types[0];
  if (type === 'integer') return fc.integer({ min: (schema.minimum as number | undefined) ?? -1000, max: (schema.maximum as number | undefined) ?? 1000 });
  if (type === 'number') return fc.double({ min: (schema.minimum as number | undefined) ?? -1000, max: (schema.maximum as number | undefined) ?? 1000, noNaN: true });
  if (type === 'boolean') return fc.boolean();
  if (type === 'string') {
    if (schema.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    if (schema.format === 'email') return fc.emailAddress();
    const minLength = (schema.minLength as number | undefined) ?? 0;
    const maxLength = Math.max(minLength, Math.min((schema.maxLength as number | undefined) ?? 20, 20));
    if (typeof schema.pattern === 'string') {
      const pattern = new RegExp(schema.pattern as string);
      return fc.stringMatching(pattern, { size: 'xsmall' }).filter((s) => s.length >= minLength && s.length <= ((schema.maxLength as number | undefined) ?? Infinity));
    }
    return fc.string({ minLength, maxLength });
  }
  if (type === 'array') {
    const items = validArbitrary(resolve, (schema.items as Schema | undefined) ?? {}, depth + 1);
    const constraints = { minLength: (schema.minItems as number | undefined) ?? 0, maxLength: Math.max((schema.minItems as number | undefined) ?? 0, Math.min((schema.maxItems as number | undefined) ?? 3, 3)) };
    return schema.uniqueItems ? fc.uniqueArray(items, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(items, constraints);
  }
  if (type === 'object' || schema.properties) {
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    if (depth > 2) return fc.constant({});
    return fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, validArbitrary(resolve, s, depth + 1)])), { requiredKeys: [...required].filter((k) => k in props) });
  }
  return fc.jsonValue({ maxDepth: 1 });
}

/** Anything at all: wrong types, unknown fields, nothing. */
export const invalidArbitrary: fc.Arbitrary<unknown> = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }));

/** Query parameters: each documented one with a valid value (any subset), or random names and values. */
export function queryArbitrary(resolve: Resolve, params: Array<{ name: string; schema: Schema }>): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(
    fc.record(Object.fromEntries(params.map((p) => [p.name, validArbitrary(resolve, p.schema)])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>,
    fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 2 }),
  );
}

/** `?a=1&b=x` from scalar values (objects and arrays are left out), or '' when there are none. */
export function queryString(values: Record<string, unknown>): string {
  const parts = Object.entries(values)
    .filter(([, v]) => v !== undefined && (typeof v !== 'object' || v === null))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

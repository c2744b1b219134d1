/**
 * Small builders of JSON Schema (2020-12, which OpenAPI 3.1 uses) for the documents the product writes by
 * hand: the REST OpenAPI document (rest/openapi.ts, rest/recipe-openapi.ts) and the preview answer's schema
 * (controllers/preview-schema.ts). The parameter schemas have their own typed builders (generators/json-schema.ts).
 */
export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const nullable = (type: string): Schema => ({ type: [type, 'null'] });
export const str: Schema = { type: 'string' };
export const int: Schema = { type: 'integer' };
export const bool: Schema = { type: 'boolean' };
/** An object of these properties, all required unless said, and no others unless `additional`. */
export const obj = (properties: Record<string, Schema>, required: string[] = Object.keys(properties), additional = false): Schema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: additional,
});

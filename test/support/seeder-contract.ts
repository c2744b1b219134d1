/**
 * Validates every Seeder REST response a test sees against the generated OpenAPI document
 * (rest/openapi.ts): the status must be documented for the operation and the body must match.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { seederOpenApi } from '../../rest/openapi.ts';

type Schema = Record<string, unknown>;

const document = seederOpenApi();
const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
const addFormats = ((formatsPlugin as unknown as { default?: (a: Ajv2020) => void }).default ?? formatsPlugin) as unknown as (a: Ajv2020) => void;
addFormats(ajv);
const components = (document.components as Schema).schemas as Record<string, Schema>;
ajv.addSchema({ $id: 'seeder:openapi', $defs: JSON.parse(JSON.stringify(components).replace(/#\/components\/schemas\//g, 'seeder:openapi#/$defs/')) });

interface Operation {
  method: string;
  regex: RegExp;
  responses: Record<string, Schema>;
}

const operations: Operation[] = [];
for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Schema>>)) {
  for (const [method, op] of Object.entries(item)) {
    operations.push({
      method: method.toUpperCase(),
      regex: new RegExp(`^${path.replace(/[.]/g, '\\.')}$`),
      responses: op.responses as Record<string, Schema>,
    });
  }
}

const compiled = new Map<Schema, ValidateFunction>();
function validatorFor(schema: Schema): ValidateFunction {
  let v = compiled.get(schema);
  if (!v) {
    v = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/#\/components\/schemas\//g, 'seeder:openapi#/$defs/')));
    compiled.set(schema, v);
  }
  return v;
}

/** Throws when a response to `method path` (path relative to `.../seeder/v1`) drifts from the document. */
export function checkSeederResponse(method: string, path: string, status: number, body: unknown): void {
  const bare = path.split('?')[0];
  const op = operations.find((o) => o.method === method.toUpperCase() && o.regex.test(bare));
  if (!op) {
    if (status === 404) return; // an unknown route answers the host's 404 envelope
    // A documented path called with another method: 405 in the error envelope (the Allow header is checked by the tests that send it).
    if (status === 405 && operations.some((o) => o.regex.test(bare))) return;
    throw new Error(`Undocumented Seeder operation ${method} ${bare}`);
  }
  const response = op.responses[String(status)];
  if (!response) throw new Error(`${method} ${bare} answered ${status}, which the document does not list`);
  const schema = ((response.content as Schema | undefined)?.['application/json'] as Schema | undefined)?.schema as Schema | undefined;
  if (!schema) return;
  const validate = validatorFor(schema);
  if (!validate(body)) {
    throw new Error(`${method} ${bare} -> ${status} drifts from the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
  }
}

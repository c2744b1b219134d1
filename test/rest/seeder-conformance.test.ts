/**
 * Conformance of the Seeder's REST API to its own generated OpenAPI document (issue 14 point 3):
 * requests generated from each operation's schemas (valid and invalid bodies and query strings, with
 * and without credentials, fixed seed, bounded runs) go to the real app; the client fails on any
 * status the operation does not document and on any body that does not match its schema
 * (test/support/seeder-contract.ts). The two sync operations are left out: they download from the
 * network once consent is granted.
 */
import fc from 'fast-check';
import { eachDatabase } from '../support/databases.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import { seederOpenApi } from '../../rest/openapi.ts';

type Schema = Record<string, unknown>;
interface Operation {
  method: 'get' | 'post' | 'delete';
  path: string;
  id: string;
  query: Array<{ name: string; schema: Schema }>;
  body: Schema | undefined;
}

const doc = seederOpenApi() as { paths: Record<string, Record<string, Schema>>; components: { schemas: Record<string, Schema> } };

function resolve(schema: Schema): Schema {
  const ref = schema.$ref as string | undefined;
  return ref ? resolve(doc.components.schemas[ref.split('/').pop()!]!) : schema;
}

/** Values a schema accepts (the subset the Seeder's schemas use), or anything when it says little. */
function valid(schemaIn: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(schemaIn);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const types = ([schema.type].flat().filter(Boolean) as string[]);
  const type = types[0];
  if (type === 'integer') return fc.integer({ min: (schema.minimum as number | undefined) ?? -1000, max: (schema.maximum as number | undefined) ?? 1000 });
  if (type === 'number') return fc.double({ min: (schema.minimum as number | undefined) ?? -1000, max: (schema.maximum as number | undefined) ?? 1000, noNaN: true });
  if (type === 'boolean') return fc.boolean();
  if (type === 'string') {
    if (schema.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    return fc.string({ minLength: (schema.minLength as number | undefined) ?? 0, maxLength: Math.min((schema.maxLength as number | undefined) ?? 20, 20) });
  }
  if (type === 'array') return fc.array(valid((schema.items as Schema | undefined) ?? {}, depth + 1), { maxLength: 3 });
  if (type === 'object' || schema.properties) {
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    if (depth > 2) return fc.constant({});
    return fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, valid(s, depth + 1)])), { requiredKeys: [...required].filter((k) => k in props) });
  }
  return fc.jsonValue({ maxDepth: 1 });
}

/** Anything at all: wrong types, unknown fields, nothing. */
const invalid: fc.Arbitrary<unknown> = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }));

const operations: Operation[] = [];
for (const [path, item] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(item)) {
    if (String(op.operationId).endsWith('_sync')) continue;
    const body = (((op.requestBody as Schema | undefined)?.content as Schema | undefined)?.['application/json'] as Schema | undefined)?.schema as Schema | undefined;
    const query = ((op.parameters as Array<Schema> | undefined) ?? []).filter((p) => p.in === 'query').map((p) => ({ name: String(p.name), schema: p.schema as Schema }));
    operations.push({ method: method as Operation['method'], path, id: String(op.operationId), query, body });
  }
}

function queryString(values: Record<string, unknown>): string {
  const parts = Object.entries(values)
    .filter(([, v]) => v !== undefined && (typeof v !== 'object' || v === null))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

eachDatabase('Seeder REST conforms to its OpenAPI document (generated requests)', (target) => {
  let h: SeederHttp;

  before(async () => {
    h = await startSeederHttp(target);
  });
  after(async () => h.dispose());

  for (const op of operations) {
    it(`${op.method.toUpperCase()} ${op.path} (${op.id}) answers only documented statuses and shapes`, async function () {
      this.timeout(60_000);
      const queryArb = fc.oneof(
        fc.record(Object.fromEntries(op.query.map((p) => [p.name, valid(p.schema)])), { requiredKeys: [] }),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 2 }),
      );
      const bodyArb = op.body ? fc.oneof({ weight: 3, arbitrary: valid(op.body) }, { weight: 1, arbitrary: invalid }) : fc.constant(undefined);
      await fc.assert(
        fc.asyncProperty(queryArb, bodyArb, fc.boolean(), async (query, body, signedIn) => {
          await h.client.call(op.method, `${op.path}${queryString(query as Record<string, unknown>)}`, body, signedIn ? h.client.token : null);
        }),
        { seed: 14, numRuns: 12, endOnFailure: true },
      );
    });
  }
});

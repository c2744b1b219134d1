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
import { componentResolver, invalidArbitrary, queryArbitrary, queryString, validArbitrary, type Schema } from '../support/openapi-arbitraries.ts';

interface Operation {
  method: 'get' | 'post' | 'delete';
  path: string;
  id: string;
  query: Array<{ name: string; schema: Schema }>;
  body: Schema | undefined;
  /** Whether the operation takes an Idempotency-Key header. */
  keyed: boolean;
}

const doc = seederOpenApi() as { paths: Record<string, Record<string, Schema>>; components: { schemas: Record<string, Schema> } };
const resolve = componentResolver(doc.components.schemas);

const operations: Operation[] = [];
for (const [path, item] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(item)) {
    if (String(op.operationId).endsWith('_sync')) continue;
    const body = (((op.requestBody as Schema | undefined)?.content as Schema | undefined)?.['application/json'] as Schema | undefined)?.schema as Schema | undefined;
    const query = ((op.parameters as Array<Schema> | undefined) ?? []).filter((p) => p.in === 'query').map((p) => ({ name: String(p.name), schema: p.schema as Schema }));
    const keyed = ((op.parameters as Array<Schema> | undefined) ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    operations.push({ method: method as Operation['method'], path, id: String(op.operationId), query, body, keyed });
  }
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
      const queryArb = queryArbitrary(resolve, op.query);
      const bodyArb = op.body ? fc.oneof({ weight: 3, arbitrary: validArbitrary(resolve, op.body) }, { weight: 1, arbitrary: invalidArbitrary }) : fc.constant(undefined);
      // A write sometimes carries an Idempotency-Key: a few short keys (so some repeat, with another request or the same), or one too long.
      const keyArb = op.keyed ? fc.option(fc.oneof(fc.constantFrom('k1', 'k2', 'k3'), fc.constant('k'.repeat(256)))) : fc.constant(null);
      await fc.assert(
        fc.asyncProperty(queryArb, bodyArb, fc.boolean(), keyArb, async (query, body, signedIn, key) => {
          await h.client.call(op.method, `${op.path}${queryString(query)}`, body, signedIn ? h.client.token : null, key === null ? {} : { 'Idempotency-Key': key });
        }),
        { seed: 14, numRuns: 12, endOnFailure: true },
      );
    });
  }
});

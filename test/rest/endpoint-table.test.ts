/**
 * Issue 14 point 3: the endpoint table (controllers/endpoints.ts) is the one list of Seeder routes.
 * The document has exactly its operations, each listing every status a route can produce; every
 * input schema compiles; the limits other surfaces show are the table's.
 */
import { expect } from 'chai';
import { endpointInputSchemas, ENDPOINTS, inputLimits, limitsText, ROUTE_ERRORS } from '../../controllers/endpoints.ts';
import { checkInput, inputValidator } from '../../controllers/input.ts';
import { RESOURCES } from '../../generators/resources.ts';
import { seederOpenApi } from '../../rest/openapi.ts';

type Doc = { paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };

describe('the Seeder endpoint table', () => {
  it('every input schema compiles (a broken schema fails here, not at request time)', () => {
    for (const schema of endpointInputSchemas()) expect(() => inputValidator(schema), schema.$id).not.to.throw();
  });

  it('the document holds exactly the operations of the table, per resource where an entry is', () => {
    const doc = seederOpenApi() as unknown as Doc;
    const documented = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId)).sort();
    const expected = ENDPOINTS.flatMap((e) => (e.perResource ? RESOURCES.map((r) => `${e.operationId}_${r.name}`) : [e.operationId])).sort();
    expect(documented).to.deep.equal(expected);
  });

  it('every operation lists the statuses every route can produce, besides its own', () => {
    const doc = seederOpenApi() as unknown as Doc;
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) expect(Object.keys(op.responses), op.operationId).to.include.members(ROUTE_ERRORS.map(String));
    }
  });

  it('checks text input as the declared types and words the 422 from the schema', () => {
    const cleanup = ENDPOINTS.find((e) => e.operationId === 'cleanup')!.query!;
    expect(checkInput(cleanup, { limit: '7', forget: 'yes', run_id: '' }, { text: true })).to.deep.equal({ limit: 7, forget: true });
    let err: { details?: { params?: Record<string, string> }; message?: string } = {};
    try {
      checkInput(cleanup, { limit: '501' }, { text: true });
    } catch (e) {
      err = e as typeof err;
    }
    expect(err.message).to.equal('Invalid parameter(s): limit');
    expect(err.details?.params).to.deep.equal({ limit: 'must be an integer from 1 to 500' });
  });

  it('the limits the CLI, MCP and the admin show are read from the table', () => {
    expect(limitsText(inputLimits('cleanup', 'limit'))).to.equal('1 to 500, default 100');
    expect(limitsText(inputLimits('ledger', 'limit'))).to.equal('1 to 100, default 20');
    expect(inputLimits('generate', 'count').maximum).to.equal(100);
    expect(inputLimits('recipes_run', 'size').enum).to.deep.equal(['small', 'medium', 'large']);
  });
});

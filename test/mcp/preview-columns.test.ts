/**
 * Issue 18 point 5 through MCP, with the SDK's real client over Streamable HTTP: a preview tool declares
 * its output schema (the REST document's PreviewResult), and the client validates every answer against
 * it. With two stores active and no target, preview-orders answers stand-in references with labels and
 * the columns; an error answer still fits the schema.
 */
import { expect } from 'chai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { eachDatabase } from '../support/databases.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import { connectHttp, listen, type Listening } from './support.ts';

eachDatabase('Seeder MCP preview tools: output schema, columns, stand-in references', (target) => {
  let h: SeederHttp;
  let web: Listening;
  let client: Client;

  before(async () => {
    h = await startSeederHttp(target, { plugins: ['emporium', 'cartwheel', 'seeder'] });
    web = await listen(h.app);
    client = await connectHttp(web.origin, h.client.token);
  });
  after(async () => {
    await client?.close();
    await web?.close();
    await h?.dispose();
  });

  it('every preview tool declares the PreviewResult output schema; generate tools declare none', async () => {
    const tools = (await client.listTools()).tools;
    const openapi = (await h.client.get('/openapi.json')).body;
    for (const tool of tools) {
      if (tool.name.startsWith('preview-')) {
        expect(tool.outputSchema, tool.name).to.be.an('object');
        const anyOf = (tool.outputSchema as unknown as { anyOf: unknown[] }).anyOf;
        expect(anyOf[0], tool.name).to.deep.equal(openapi.components.schemas.PreviewResult);
      } else expect(tool.outputSchema, tool.name).to.equal(undefined);
    }
  });

  it('preview-orders with no target: stand-in references with labels, and the columns (checked by the client against the schema)', async () => {
    const result = await client.callTool({ name: 'preview-orders', arguments: { count: 2, seed: 'mcp-cols', locale: 'fr_FR' } });
    expect(result.isError).to.not.equal(true);
    const preview = result.structuredContent as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads JSON
    expect(preview).to.include({ platform: null, references: 'stand-in', count: 2 });
    expect(preview.references_note).to.contain('stand-in records');
    const kinds = Object.fromEntries(preview.columns.map((c: { key: string; kind: string }) => [c.key, c.kind]));
    expect(kinds).to.include({ total_minor: 'money', created_at: 'date', customer: 'reference', status: 'enum', billing: 'address' });
    expect(preview.rows[0].customer.id).to.match(/^stand-in-customer-/);
    expect(preview.rows[0].customer.label).to.match(/\(.+@.+\)$/);
    // The same as REST answers.
    const rest = await h.client.post('/orders/preview', { count: 2, seed: 'mcp-cols', locale: 'fr_FR' });
    expect(rest.body.rows).to.deep.equal(preview.rows);
    expect(rest.body.columns).to.deep.equal(preview.columns);
  });

  it('a refused preview is an error result that still fits the declared schema', async () => {
    const result = await client.callTool({ name: 'preview-orders', arguments: { count: 1, platform: 'cartwheel' } });
    expect(result.isError).to.equal(true);
    expect((result.structuredContent as { error: { code: string } }).error.code).to.equal('generation.missing_prerequisite');
  });
});

/**
 * Every resource generated through several panel processes at the same moment, one seed each, and each
 * answer held against the ledger: what a 201 lists is exactly what its seed's ledger rows name, on every
 * database node; anything else is a refusal the store would make alone (400, 409), never a fault.
 * `test/panel/processes.test.ts` runs it on one database, `test/panel/galera.test.ts` through a cluster.
 */
import { expect } from 'chai';
import { RESOURCES } from '../../generators/resources.ts';
import type { ServerProcess } from './cli.ts';

/** The record ids of the ledger rows whose entity key starts with `prefix`, as each node holds them. */
export type LedgerReader = (prefix: string) => Promise<string[][]>;

export async function everyResourceAtOnce(servers: readonly ServerProcess[], token: string, ledger: LedgerReader, platform = 'emporium'): Promise<void> {
  for (const { name, base } of RESOURCES) {
    const answers = await Promise.all(
      servers.map(async (s, i) => {
        const seed = `every-${name}-${i}`;
        const res = await fetch(`${s.url}/sites/default/rest/seeder/v1/${base}/generate`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ count: 5, seed, platform }),
        });
        const body = (await res.json()) as Record<string, any>;
        return { seed, status: res.status, body, log: res.status >= 500 ? s.errors().split('\n').slice(-15).join('\n') : '' };
      }),
    );
    for (const a of answers) {
      const what = `${name} (seed ${a.seed}): ${a.status} ${JSON.stringify(a.body).slice(0, 300)}${a.log ? `\n${a.log}` : ''}`;
      expect(a.status, what).to.be.oneOf([201, 400, 409]);
      const claimed = a.status === 201 ? (a.body.created as Array<{ id: string | number }>).map((c) => String(c.id)).sort() : [];
      for (const [node, held] of (await ledger(`${name}:${a.seed}:`)).entries()) {
        expect([...held].sort(), `${what}, ledger on node ${node + 1}`).to.deep.equal(claimed);
      }
    }
  }
}

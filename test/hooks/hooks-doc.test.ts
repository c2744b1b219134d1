/**
 * Issue 18, point 4: HOOKS.md is generated from the catalogues (scripts/hooks-doc.ts) and must be up
 * to date; its examples are plugins a site can activate (their taps name declared hooks).
 */
import fs from 'node:fs';
import { expect } from 'chai';
import { HOOKS_DOC, renderHooksDoc } from '../../scripts/hooks-doc.ts';
import { HOST_HOOKS } from '../../hooks/index.ts';
import { SEEDER_HOOKS } from '../../controllers/hooks.ts';
import * as examples from '../../docs/hook-examples.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { startSeederHttp } from '../support/seeder-http.ts';

describe('hooks: HOOKS.md', () => {
  it('is what scripts/hooks-doc.ts makes from the catalogues now (run `npx tsx scripts/hooks-doc.ts` after changing a hook)', () => {
    expect(fs.readFileSync(HOOKS_DOC, 'utf8') === renderHooksDoc(), 'HOOKS.md is out of date: run npx tsx scripts/hooks-doc.ts').to.equal(true);
  });

  it('has a section with kind, arguments, return, moment and version for every declared hook and family, and ten examples', () => {
    const text = renderHooksDoc();
    for (const d of [HOST_HOOKS, SEEDER_HOOKS]) {
      for (const name of [...Object.keys(d.hooks), ...(d.families ?? []).map((f) => f.pattern)]) {
        const at = text.indexOf(`### \`${name}\`\n`);
        expect(at, name).to.be.above(-1);
        const body = text.slice(at, text.indexOf('\n### ', at + 1) >>> 0);
        for (const field of ['**Kind**', '**Arguments**', '**Returns**', '**Fires**', '**Since**']) expect(body, `${name} ${field}`).to.contain(field);
      }
    }
    expect(text.match(/```ts\n/g)).to.have.length(10);
  });

  it('its examples are plugins a site activates', async function () {
    this.timeout(60_000);
    const plugins = Object.values(examples);
    const h = await startSeederHttp(DATABASE_TARGETS[0]!, { plugins: ['emporium', 'seeder'], extraPlugins: plugins });
    try {
      for (const P of plugins) await h.kernel.activatePlugin('shop', new P().name);
      // Two of them, observed: coupons are off for emporium, and orders accept a gift note.
      expect((await h.client.get('/platforms')).body.platforms[0].capabilities.coupon.reason).to.equal('Coupons are managed by the shop team.');
      expect((await h.client.get('/openapi.json')).body.components.schemas.Params_order.properties.gift_note.description).to.equal('A note printed on every order.');
    } finally {
      await h.dispose();
    }
  });
});

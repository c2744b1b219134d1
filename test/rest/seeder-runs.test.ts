/**
 * Who made each run and with which recipe (issue 17 point 11), on every database: `GET generated`'s
 * runs answer `made_by` (the operator's email, or an API token's name and its owner's email) and
 * `recipe` ({slug, size} for a recipe run, else null), from `seeder_runs`, written once per run; undoing
 * or forgetting a run takes its row away.
 */
import { expect } from 'chai';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { RUNS_TABLE } from '../../controllers/run-origins.ts';
import { Tokens, systemClock } from '../../panel/auth/index.ts';
import { createOperator } from '../../panel/operators.ts';
import { eachDatabase, siteIds } from '../support/databases.ts';
import { SeederClient, startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';

interface Run {
  run_id: string;
  count: number;
  made_by: string | null;
  recipe: { slug: string; size: string | null } | null;
  parts: Array<{ resource: string; platform: string; count: number }>;
}

eachDatabase('Seeder REST: runs say who made them and with which recipe', (target) => {
  let h: SeederHttp;
  let robot: SeederClient;
  const email = `runs-op-${process.pid}@example.test`;
  const byRobot = `token "ci robot" of ${email}`;

  before(async () => {
    h = await startSeederHttp(target, { plugins: ['emporium', 'cartwheel', 'seeder'] });
    const op = await createOperator(h.kernel.panelDb, { email, password: 'a long test password', role: 'administrator', sites: await siteIds(h.kernel) });
    const tokens = new Tokens(() => h.kernel.panelDb, systemClock, h.kernel.config.env);
    robot = new SeederClient(h.app, h.site.id, (await tokens.create(op.id, { name: 'ci robot' })).token);
  });
  after(async () => {
    let res = await h.client.delete('/generated', { limit: 500 });
    while (res.body.remaining > 0 && res.body.deleted > 0) res = await h.client.delete('/generated', { limit: 500 });
    await h.site.db(LEDGER_TABLE).delete();
    await h.dispose();
  });

  const runs = async (): Promise<Run[]> => {
    const res = await h.client.get('/generated');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.runs;
  };
  const runRows = async (runId: string) => h.site.db(RUNS_TABLE).where({ run_id: runId }).select('run_id', 'made_by', 'recipe', 'size');

  let generated: string;
  let recipeRun: string;

  it("a generate names the token that made it and its owner's email, once per run: a second chunk of the run by another operator leaves it", async () => {
    const first = await robot.post('/customers/generate', { count: 3, seed: 'who-1', platform: 'emporium' });
    expect(first.status, JSON.stringify(first.body)).to.equal(201);
    generated = first.body.run_id;
    // The same run, continued by someone else (a chunk of a bulk run): the run stays the robot's.
    const more = await h.client.post('/customers/generate', { count: 2, seed: 'who-2', platform: 'emporium', recipe_run: generated });
    expect(more.status, JSON.stringify(more.body)).to.equal(201);
    expect(more.body.run_id).to.equal(generated);

    const run = (await runs()).find((r) => r.run_id === generated)!;
    expect({ count: run.count, made_by: run.made_by, recipe: run.recipe }).to.deep.equal({ count: 5, made_by: byRobot, recipe: null });
    expect(await runRows(generated)).to.have.length(1);
  });

  it('a recipe run names its recipe and size, and who ran it', async () => {
    const res = await robot.post('/recipes/run', { recipe: 'grocery', size: 'small', platform: 'cartwheel', seed: 'who-recipe' });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.created).to.be.above(0);
    recipeRun = res.body.run_id;
    const run = (await runs()).find((r) => r.run_id === recipeRun)!;
    expect({ count: run.count, made_by: run.made_by, recipe: run.recipe }).to.deep.equal({ count: res.body.created, made_by: byRobot, recipe: { slug: 'grocery', size: 'small' } });
    expect(run.parts.every((p) => p.platform === 'cartwheel')).to.equal(true);
  });

  it('a run from before runs were described answers null for both', async () => {
    const old = await h.client.post('/customers/generate', { count: 1, seed: 'who-old', platform: 'cartwheel' });
    expect(old.status, JSON.stringify(old.body)).to.equal(201);
    expect((await runs()).find((r) => r.run_id === old.body.run_id)!.made_by).to.match(/^token "administrator test token" of administrator\d+-\d+@example\.test$/);
    await h.site.db(RUNS_TABLE).where({ run_id: old.body.run_id }).delete();
    const run = (await runs()).find((r) => r.run_id === old.body.run_id)!;
    expect({ made_by: run.made_by, recipe: run.recipe }).to.deep.equal({ made_by: null, recipe: null });
  });

  it("undoing a run takes its row away and leaves the others'; forgetting a run does too", async () => {
    let res = await h.client.delete('/generated', { run_id: generated, limit: 2 });
    // Part of the run removed: it is still listed, still the robot's.
    expect([res.status, res.body.deleted, res.body.remaining]).to.deep.equal([200, 2, 3]);
    expect(await runRows(generated)).to.have.length(1);
    res = await h.client.delete('/generated', { run_id: generated, limit: 500 });
    expect([res.body.deleted, res.body.remaining]).to.deep.equal([3, 0]);
    expect(await runRows(generated)).to.deep.equal([]);
    expect((await runs()).map((r) => r.run_id)).to.not.include(generated);
    expect((await runRows(recipeRun)).map((r: { recipe: string; size: string }) => [r.recipe, r.size])).to.deep.equal([['grocery', 'small']]);

    res = await h.client.delete('/generated', { run_id: recipeRun, forget: true, limit: 500 });
    while (res.body.remaining > 0 && res.body.deleted > 0) res = await h.client.delete('/generated', { run_id: recipeRun, forget: true, limit: 500 });
    expect([res.status, res.body.remaining]).to.deep.equal([200, 0]);
    expect(await runRows(recipeRun)).to.deep.equal([]);
  });
});

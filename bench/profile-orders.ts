/**
 * A CPU profile of orders end to end (the write path), in one process:
 *   npx tsx bench/profile-orders.ts [sqlite|mariadb] [requests=60] [out=.tmp/orders.cpuprofile]
 * (MariaDB through TEST_MYSQL_URL). The profiler (the one `node --cpu-prof` uses, through node:inspector)
 * runs only around the order requests, not the start-up or the shop seeded first. Summarise it with
 * `npx tsx bench/profile-summary.ts .tmp/orders.cpuprofile`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { generate } from '../controllers/generate.ts';
import { benchSite, seedShop } from './setup.ts';

const label = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'mariadb';
const requests = Number(process.argv[3] ?? 60);
const out = process.argv[4] ?? '.tmp/orders.cpuprofile';
const bench = await benchSite(label, process.env.TEST_MYSQL_URL);
try {
  await seedShop(bench.req);
  for (let i = 0; i < 5; i++) await generate(bench.req, 'order', { count: 100, seed: `warm-${i}`, reference_date: '2026-06-30' });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const t = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let i = 0; i < requests; i++) await generate(bench.req, 'order', { count: 100, seed: `profile-${i}`, reference_date: '2026-06-30' });
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const { profile } = await session.post('Profiler.stop');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(profile));
  process.stderr.write(`${requests * 100} orders in ${s.toFixed(2)} s: ${Math.round((requests * 100) / s)} orders/s (${label}); this process's CPU: ${((cpuMs * 1000) / (requests * 100)).toFixed(0)} µs an order (a load-independent view on a shared machine); profile in ${out}\n`);
} finally {
  await bench.dispose();
}

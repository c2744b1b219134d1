/**
 * `npm run bench [-- --quick|--full|--startup] [-- --mysql=mysql://...]`: the Seeder's figures against the
 * physical limit and the tools users would pick instead, and the `panel` command's start-up against
 * `node -e 0` (`--startup` measures only that). `npm run bench` builds first (`prebench`). Prints a table and writes JSON to
 * bench/results/ (machine, Node version, databases, each figure as median and spread over runs), and the same
 * to bench/results/latest.json, whose top-level keys hold this run's ratios (`orders_share_of_true_ceiling_sqlite`, ...).
 * MariaDB figures are measured when a URL is given (--mysql, BENCH_MYSQL_URL or TEST_MYSQL_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bulk, generationAlone, onDatabase, overHttp, type BenchOptions } from './cases.ts';
import { picturesAlone, picturesOnDatabase } from './pictures.ts';
import { startup } from './startup.ts';
import { vocabularySpeed } from './vocabularies.ts';
import { galeraThroughput, processThroughput, stateCheck } from './processes.ts';
import type { Figure } from './stats.ts';

const args = process.argv.slice(2);
const full = args.includes('--full');
const startupOnly = args.includes('--startup');
const mysqlArg = args.find((a) => a.startsWith('--mysql='))?.slice('--mysql='.length);
const mysqlUrl = mysqlArg ?? process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL;

const options: BenchOptions = {
  runs: full ? 7 : 3,
  requests: full ? 20 : 5,
  mysqlUrl,
  full,
  log: (line) => process.stderr.write(`${line}\n`),
  summary: {},
};

function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 1000) return Math.round(n).toLocaleString('en-US');
  if (Math.abs(n) >= 10) return n.toFixed(1);
  return n.toFixed(2);
}

function printTable(figures: Figure[]): void {
  const rows = figures.map((f) => [
    f.name,
    `${fmt(f.median)} ${f.unit}`,
    f.runs.length > 1 ? `±${f.spread_pct.toFixed(0)} % (${fmt(f.min)}..${fmt(f.max)})` : '',
    f.ratio ? `${fmt(f.ratio.value)}x (${f.ratio.to})` : '',
    f.goal ? `${f.goal.met ? 'met' : 'MISSED'}: ${f.goal.text}` : '',
  ]);
  const head = ['figure', 'median', 'spread over runs', 'ratio', 'goal'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}

async function main(): Promise<void> {
  const started = Date.now();
  const figures: Figure[] = [];
  options.log(`bench: ${full ? 'full' : 'quick'} mode, ${options.runs} runs of ${options.requests} requests; MariaDB ${mysqlUrl ? 'on' : 'off (no URL)'}`);
  options.log('0. start-up of the panel command');
  const startupFigures = await startup(options);
  figures.push(...startupFigures);
  const ratioOf = (name: string) => startupFigures.find((f) => f.name === name)?.ratio?.value;
  options.summary.cli_help_vs_node = ratioOf('start-up: panel --help')!;
  options.summary.cli_preview_vs_node = ratioOf('start-up: panel seeder preview products --count=3')!;
  if (startupOnly) return finish(started, figures);
  options.log('1. generation alone');
  figures.push(...generationAlone(options));
  options.log('1b. generation with the language vocabularies, against en_US');
  figures.push(...vocabularySpeed(options));
  options.log('2-4, 6. end to end, true ceiling, naive script and cleanup on SQLite');
  figures.push(...(await onDatabase('sqlite', options)));
  if (mysqlUrl) {
    options.log('2-4, 6. the same on MariaDB');
    figures.push(...(await onDatabase('mariadb', options)));
  }
  options.log('9. product pictures: products with and without them, in the same run');
  figures.push(...picturesAlone(options));
  figures.push(...(await picturesOnDatabase('sqlite', options)));
  if (mysqlUrl) figures.push(...(await picturesOnDatabase('mariadb', options)));
  options.log('5. over HTTP');
  figures.push(...(await overHttp(options)));
  options.log('8. several processes: the per-request state check, and one against two writing processes');
  figures.push(...(await stateCheck('sqlite', options)));
  if (mysqlUrl) {
    figures.push(...(await stateCheck('mariadb', options)));
    figures.push(...(await processThroughput(options)));
  }
  const galera = (process.env.BENCH_GALERA_URLS ?? process.env.TEST_GALERA_URLS)?.split(',').filter(Boolean);
  if (galera?.length === 3) {
    options.log('8. a Galera cluster: one, two and three nodes');
    figures.push(...(await galeraThroughput(options, galera)));
  }
  if (full) {
    options.log('7. bulk');
    figures.push(...(await bulk(options)));
  }
  finish(started, figures);
}

function finish(started: number, figures: Figure[]): void {
  printTable(figures);
  const report = {
    date: new Date().toISOString(),
    mode: startupOnly ? 'startup' : full ? 'full' : 'quick',
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memory_gb: Math.round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.release()}`, load: os.loadavg() },
    node: process.version,
    databases: startupOnly ? ['sqlite'] : ['sqlite', ...(mysqlUrl ? ['mariadb'] : [])],
    seconds: Math.round((Date.now() - started) / 1000),
    // The ratios measured in this run (shares as fractions: 0.4 is 40 %), for machines to read.
    ...options.summary,
    figures,
  };
  const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `bench-${report.date.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nJSON: ${path.relative(process.cwd(), file)} and bench/results/latest.json (${report.seconds} s)`);
  console.log(JSON.stringify(options.summary, null, 2));
}

await main();
process.exit(0);

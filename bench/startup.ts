/**
 * Start-up of the `panel` command as a user runs it (the executable, compiled build), as a ratio to
 * `node -e 0` measured in the same run: the runs of the three commands are interleaved, so a busy
 * machine slows all of them alike; a ratio is the median of the runs' ratios. Peak memory (RSS) is
 * read in separate runs, by a preloaded module that reports `process.resourceUsage().maxRSS` at exit,
 * so the timed runs are exactly what a user runs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from '../bin/build-state.js';
import { figure, median, type Figure } from './stats.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'panel.js');

interface Command {
  name: string;
  file: string;
  args: string[];
}

function run(cmd: Command, env: NodeJS.ProcessEnv): number {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd.file, cmd.args, { env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd.name} exited with ${r.status}: ${r.stderr}`);
  return ms;
}

function peakRssMb(cmd: Command, env: NodeJS.ProcessEnv, dir: string): number {
  const probe = path.join(dir, 'rss-probe.mjs');
  const out = path.join(dir, 'rss.txt');
  fs.writeFileSync(probe, `import fs from 'node:fs';\nprocess.on('exit', () => fs.writeFileSync(${JSON.stringify(out)}, String(process.resourceUsage().maxRSS)));\n`);
  const r = spawnSync(cmd.file, cmd.args, { env: { ...env, NODE_OPTIONS: `--import=${pathToUrl(probe)}` }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd.name} exited with ${r.status}: ${r.stderr}`);
  return Number(fs.readFileSync(out, 'utf8')) / 1024;
}

const pathToUrl = (file: string) => new URL(`file://${file}`).href;

export async function startup(o: { runs: number; log: (line: string) => void }): Promise<Figure[]> {
  // A stale build would be measured as the tsx fallback: refuse it rather than report it.
  if (!buildIsCurrent()) throw new Error('dist/ is missing or older than the sources: run npm run build (npm run bench builds first).');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seeder-startup-'));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, PANEL_DATA_DIR: path.join(dir, 'data'), PANEL_DATABASE_URL: '', NO_COLOR: '1' };
    delete env.NODE_OPTIONS;
    // A prepared data folder: first start (site `default` with emporium and the Seeder) and an operator.
    run({ name: 'operator add', file: BIN, args: ['operator', 'add', '--email', 'bench@example.com', '--password', 'a long start-up passphrase'] }, env);
    const baseline: Command = { name: 'node -e 0', file: process.execPath, args: ['-e', '0'] };
    const commands: Command[] = [
      { name: 'panel --help', file: BIN, args: ['--help'] },
      { name: 'panel seeder preview products --count=3', file: BIN, args: ['seeder', 'preview', 'products', '--count=3', '--seed=7', '--user=bench@example.com'] },
    ];
    const goals: Record<string, number> = { 'panel --help': 3, 'panel seeder preview products --count=3': 5 };
    const reps = Math.max(5, o.runs * 3);
    for (const c of [baseline, ...commands]) run(c, env); // warm the file cache
    const times = new Map<string, number[]>([baseline, ...commands].map((c) => [c.name, []]));
    for (let i = 0; i < reps; i++) for (const c of [baseline, ...commands]) times.get(c.name)!.push(run(c, env));
    // Each run's ratio to the baseline run just before it, then the median: load that changes during
    // the measurement moves both sides of a ratio alike.
    const ratioOf = (name: string) => median(times.get(name)!.map((ms, i) => ms / times.get(baseline.name)![i]!));
    const figures: Figure[] = [figure('start-up: node -e 0', 'ms', times.get(baseline.name)!)];
    const baseRss = peakRssMb(baseline, env, dir);
    for (const c of commands) {
      const f = figure(`start-up: ${c.name}`, 'ms', times.get(c.name)!);
      f.ratio = { to: 'this / node -e 0', value: ratioOf(c.name) };
      f.goal = { text: `at most ${goals[c.name]}x node -e 0`, met: f.ratio.value <= goals[c.name]! };
      figures.push(f);
      const rss = figure(`start-up: ${c.name}, peak memory (RSS)`, 'MB', [peakRssMb(c, env, dir)]);
      rss.ratio = { to: 'this / node -e 0', value: rss.median / baseRss };
      figures.push(rss);
    }
    o.log(`start-up: ${reps} interleaved runs each`);
    return figures;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Self time of a V8 CPU profile (`node --cpu-prof`), by function and by file (packages lumped), as text:
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [top=30]
 */
import fs from 'node:fs';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
const [file, topArg] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(file!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const top = Number(topArg ?? 30);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

function place(url: string): string {
  if (!url) return '(native / V8)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return `npm:${m[1]}`;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '').replace(/^.*?\/(stores|controllers|generators|panel|bench|rest|dist)\//, '$1/');
}
const fn = new Map<string, number>();
const files = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const where = place(n.callFrame.url);
  const name = `${n.callFrame.functionName || '(anonymous)'}  ${where}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
  fn.set(name, (fn.get(name) ?? 0) + us);
  files.set(where, (files.get(where) ?? 0) + us);
}
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    const pct = (us / total) * 100;
    console.log(`${pct.toFixed(1).padStart(5)} %  ${'#'.repeat(Math.round(pct / 2)).padEnd(25)} ${k}`);
  }
};
console.log(`total sampled: ${(total / 1e6).toFixed(2)} s`);
show('self time by file / package', files);
show('self time by function', fn);

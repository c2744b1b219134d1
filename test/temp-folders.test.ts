/**
 * The database test support leaves nothing in the temporary folder: a disposed kernel removes its data
 * folder, and whatever a test leaves (a kernel never disposed, a bare temporary folder) is removed when
 * the test process exits. Run in a child process with its own TMPDIR, so other runs cannot interfere.
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './groups.ts';

const SCRIPT = `
import fs from 'node:fs';
import { bootTestKernel, DATABASE_TARGETS, tempDir } from './test/support/databases.ts';
const disposed = await bootTestKernel(DATABASE_TARGETS[0]);
await disposed.dispose();
const kept = await bootTestKernel(DATABASE_TARGETS[0]);
fs.writeFileSync(tempDir() + '/note.txt', 'left behind');
console.log(JSON.stringify({ during: fs.readdirSync(process.env.TMPDIR).filter((f) => f.startsWith('panel-test-')).length, open: kept.config.dataDir.startsWith(process.env.TMPDIR) }));
// As mocha's --exit: the kernel left open would keep the process alive.
process.exit(0);
`;

describe('temporary folders of the database test support', () => {
  it('are all gone when the test process exits, one folder per kernel while it runs', function () {
    this.timeout(60_000);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'temp-folders-'));
    try {
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: ROOT, env: { ...process.env, TMPDIR: tmp }, encoding: 'utf8', timeout: 50_000 });
      // The kernel left open and the bare folder: two folders, and the disposed kernel's is already gone.
      expect(JSON.parse(out.trim().split('\n').pop()!)).to.deep.equal({ during: 2, open: true });
      expect(fs.readdirSync(tmp).filter((f) => f.startsWith('panel-test-'))).to.deep.equal([]);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

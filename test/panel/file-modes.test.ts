/**
 * Issue 13 point 5: the data folder is its owner's only. A new panel makes the folder 0700 and its
 * SQLite files (side files included) 0600; a start on a folder with wider modes tightens them and says
 * so on one stderr line, once. SQLite only: with MariaDB the databases are not files of the data folder.
 * The umask is set to the common 022 for these tests, so that they could not pass by the umask alone.
 */
import { DISTRIBUTION } from '../../main.ts';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { bootPanel, firstStart } from '../../panel/boot.ts';
import { loadConfig } from '../../panel/config.ts';
import { createSecretKeyFile, secretKeyFile } from '../../panel/auth/secret-key.ts';
import { panelEnv, runPanel } from '../support/cli.ts';
import { tempDir } from '../support/databases.ts';

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

describe('data folder permissions [sqlite]', function () {
  this.timeout(120_000);
  let umask: number;
  before(() => {
    umask = process.umask(0o022);
  });
  after(() => {
    process.umask(umask);
  });

  it('a new panel makes the data folder 0700 and the panel and site databases, with their -wal and -shm files, 0600', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const kernel = await bootPanel({ ...loadConfig({}, tempDir()), dataDir, databaseUrl: undefined, plugins: [] }, DISTRIBUTION);
    try {
      await firstStart(kernel);
      await kernel.createSite({ id: 'shop' });
      // Both sites are open, so SQLite's write-ahead log and shared-memory files exist now.
      const files = ['panel.sqlite', 'sites/default/site.sqlite', 'sites/shop/site.sqlite'].flatMap((f) => [f, `${f}-wal`, `${f}-shm`]);
      expect(modeOf(dataDir).toString(8)).to.equal('700');
      for (const f of files) expect(modeOf(path.join(dataDir, f)).toString(8), f).to.equal('600');
      expect(modeOf(path.join(dataDir, 'sites/shop')).toString(8)).to.equal('700');
      createSecretKeyFile(secretKeyFile(dataDir));
      expect(modeOf(secretKeyFile(dataDir)).toString(8)).to.equal('600');
    } finally {
      await kernel.close();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });

  it('a start on a loosened data folder tightens it and says so on one stderr line; the next start says nothing', () => {
    const dataDir = path.join(tempDir(), 'data');
    const env = panelEnv(dataDir);
    try {
      const made = runPanel(['site', 'list'], env);
      expect(made.code, made.stderr).to.equal(0);
      expect(made.stderr).to.equal('');
      fs.writeFileSync(secretKeyFile(dataDir), `${Buffer.alloc(32, 7).toString('base64')}\n`, { mode: 0o644 });
      fs.chmodSync(dataDir, 0o755);
      fs.chmodSync(path.join(dataDir, 'panel.sqlite'), 0o644);
      fs.chmodSync(path.join(dataDir, 'sites/default/site.sqlite'), 0o666);

      const loose = runPanel(['site', 'list'], env);
      expect(loose.code, loose.stderr).to.equal(0);
      const lines = loose.stderr.split('\n').filter(Boolean);
      expect(lines, loose.stderr).to.have.length(1);
      expect(lines[0]).to.match(/^Warning: the data folder holds password hashes and keys, so its permissions were tightened to its owner only: /);
      expect(lines[0]).to.contain(`${dataDir} 0755 -> 0700`);
      expect(lines[0]).to.contain('panel.sqlite 0644 -> 0600');
      expect(lines[0]).to.contain(`${path.join('sites', 'default', 'site.sqlite')} 0666 -> 0600`);
      expect(lines[0]).to.contain('panel-secret.key 0644 -> 0600');
      expect(modeOf(dataDir).toString(8)).to.equal('700');
      for (const f of ['panel.sqlite', 'sites/default/site.sqlite', 'panel-secret.key']) {
        expect(modeOf(path.join(dataDir, f)).toString(8), f).to.equal('600');
      }

      const again = runPanel(['site', 'list'], env);
      expect(again.code, again.stderr).to.equal(0);
      expect(again.stderr).to.equal('');
    } finally {
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});

/**
 * A site's uploads folder (panel/uploads.ts): where it is (the site's folder, or PANEL_UPLOADS_DIR/<site id>
 * for a folder several processes share), which paths it may hold, writing and removing files (empty folders
 * go with their last file), and a removed site's uploads going with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../panel/config.ts';
import { isUploadPath, removeUploads, uploadUrl, writeUploads } from '../../panel/uploads.ts';
import { bootTestKernel, eachDatabase, tempDir } from '../support/databases.ts';

describe('panel: uploads', () => {
  it('PANEL_UPLOADS_DIR (or uploadsDir in panel.config.json) moves the uploads, resolved against the working folder; absent, none is set', () => {
    const cwd = tempDir();
    expect(loadConfig({ PANEL_UPLOADS_DIR: 'shared/uploads' }, cwd).uploadsDir).to.equal(path.join(cwd, 'shared', 'uploads'));
    expect(loadConfig({}, cwd).uploadsDir).to.equal(undefined);
    fs.writeFileSync(path.join(cwd, 'panel.config.json'), JSON.stringify({ uploadsDir: '/srv/uploads' }));
    expect(loadConfig({}, cwd).uploadsDir).to.equal('/srv/uploads');
  });

  it('only relative paths of plain segments are upload paths', () => {
    for (const good of ['seeder/product/ab/0123-1.svg', 'a.png', 'x_y/z-1.webp']) expect(isUploadPath(good), good).to.equal(true);
    for (const bad of ['', '../site.sqlite', 'seeder/../../x.svg', '/etc/passwd', '.hidden.svg', 'a/.b/c.svg', 'a//b.svg', 'a\\b.svg', 'a/b/']) {
      expect(isUploadPath(bad), bad).to.equal(false);
    }
    expect(uploadUrl('shop', 'seeder/a.svg')).to.equal('/sites/shop/uploads/seeder/a.svg');
  });

  it('writes files with their folders, and removing the last file of a folder removes the folder, up to the uploads folder', async () => {
    const dir = tempDir();
    await writeUploads(dir, [
      { file: 'seeder/product/aa/1.svg', content: '<svg/>' },
      { file: 'seeder/product/bb/2.svg', content: '<svg/>' },
    ]);
    expect(fs.readFileSync(path.join(dir, 'seeder/product/aa/1.svg'), 'utf8')).to.equal('<svg/>');
    // The owner's only, as everything under the data folder.
    if (process.platform !== 'win32') {
      expect(fs.statSync(path.join(dir, 'seeder/product/aa/1.svg')).mode & 0o777).to.equal(0o600);
      expect(fs.statSync(path.join(dir, 'seeder/product/aa')).mode & 0o777).to.equal(0o700);
    }
    expect(await removeUploads(dir, ['seeder/product/aa/1.svg', 'seeder/product/aa/gone.svg', '../outside.svg'])).to.equal(1);
    expect(fs.existsSync(path.join(dir, 'seeder/product/aa'))).to.equal(false);
    expect(fs.existsSync(path.join(dir, 'seeder/product/bb/2.svg'))).to.equal(true);
    await removeUploads(dir, ['seeder/product/bb/2.svg']);
    expect(fs.readdirSync(dir)).to.deep.equal([]);
    expect(fs.existsSync(dir)).to.equal(true);
  });

  eachDatabase('a site’s uploads folder', (target) => {
    it("is the site's own folder by default, PANEL_UPLOADS_DIR/<site id> when set, and goes with the site", async () => {
      const plain = await bootTestKernel(target);
      const shared = tempDir();
      const moved = await bootTestKernel(target, { config: { uploadsDir: shared } });
      try {
        const a = await plain.createSite({ id: 'alpha' });
        expect(a.uploadsDir).to.equal(path.join(a.dir, 'uploads'));
        const b = await moved.createSite({ id: 'beta' });
        expect(b.uploadsDir).to.equal(path.join(shared, 'beta'));
        await writeUploads(b.uploadsDir, [{ file: 'seeder/x.svg', content: '<svg/>' }]);
        await moved.removeSite('beta');
        expect(fs.existsSync(path.join(shared, 'beta'))).to.equal(false);
      } finally {
        await plain.dispose();
        await moved.dispose();
      }
    });
  });
});

import { expect } from 'chai';
import { ARCHIVE_INDEX, ARCHIVE_LIMITS, ArchiveRejected, buildRecipeArchive, checkArchiveIndex, packTarGz, safeEntryName, unpackArchive } from '../../recipes/archive.ts';
import { BUNDLED_RECIPES_DIR } from '../../recipes/paths.ts';

async function rejected(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).to.be.instanceOf(ArchiveRejected);
    return (e as Error).message;
  }
  throw new Error('expected the archive to be refused');
}

describe('the recipe archive', () => {
  it('is built from the bundled recipes, deterministically, and stays under 90 KB', async () => {
    const a = await buildRecipeArchive(BUNDLED_RECIPES_DIR);
    const b = await buildRecipeArchive(BUNDLED_RECIPES_DIR);
    expect(a.archive.equals(b.archive)).to.equal(true);
    expect(a.archive.length).to.be.below(90 * 1024);
    expect(a.index.recipes.map((r) => r.id)).to.include.members(['grocery', 'fashion', 'electronics']);
    const files = await unpackArchive(a.archive);
    expect(checkArchiveIndex(files).recipes).to.deep.equal(a.index.recipes);
    expect([...files.keys()]).to.include('grocery/words/ja_JP.json');
  });

  it('entry names that could leave the folder are refused', () => {
    expect(safeEntryName('a/b.json')).to.equal('a/b.json');
    expect(safeEntryName('./a/b.json')).to.equal('a/b.json');
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'C:/x', 'a\\b', 'a//b', 'a/./b', '']) {
      expect(safeEntryName(bad), bad).to.have.property('problem');
    }
  });

  it('refuses links, "..", absolute paths, oversized archives, garbage and archives without an index', async () => {
    expect(await rejected(unpackArchive(await packTarGz([{ name: 'grocery/words', type: 'symlink', linkname: '/etc' }])))).to.contain('symlink');
    expect(await rejected(unpackArchive(await packTarGz([{ name: 'grocery/x.json', type: 'link', linkname: 'index.json' }])))).to.contain('link');
    expect(await rejected(unpackArchive(await packTarGz([{ name: '../evil.json', data: '{}' }])))).to.contain('..');
    expect(await rejected(unpackArchive(await packTarGz([{ name: '/tmp/evil.json', data: '{}' }])))).to.contain('absolute');
    expect(await rejected(unpackArchive(Buffer.alloc(ARCHIVE_LIMITS.maxArchiveBytes + 1)))).to.contain('more than');
    expect(await rejected(unpackArchive(Buffer.from('not gzip')))).to.contain('gzip');
    const bomb = await packTarGz([{ name: 'a/big.json', data: Buffer.alloc(ARCHIVE_LIMITS.maxUnpackedBytes + 1024, 32) }]);
    expect(bomb.length).to.be.below(ARCHIVE_LIMITS.maxArchiveBytes);
    expect(await rejected(unpackArchive(bomb))).to.contain('unpacks to more than');
    const noIndex = await unpackArchive(await packTarGz([{ name: 'grocery/manifest.json', data: '{}' }]));
    expect(() => checkArchiveIndex(noIndex)).to.throw(ArchiveRejected, `no ${ARCHIVE_INDEX}`);
  });

  it('refuses a file the index does not list, a listed file that is missing, and a file that differs from its hash', async () => {
    const { archive } = await buildRecipeArchive(BUNDLED_RECIPES_DIR);
    const files = await unpackArchive(archive);
    const extra = new Map(files).set('grocery/words/extra.json', Buffer.from('{}'));
    expect(() => checkArchiveIndex(extra)).to.throw(ArchiveRejected, 'not listed');
    const missing = new Map(files);
    missing.delete('fashion/words/de_DE.json');
    expect(() => checkArchiveIndex(missing)).to.throw(ArchiveRejected, 'missing');
    const tampered = new Map(files).set('grocery/manifest.json', Buffer.from(files.get('grocery/manifest.json')!.toString().replace('Grocery', 'Groceri')));
    expect(() => checkArchiveIndex(tampered)).to.throw(ArchiveRejected, 'SHA-256');
  });
});

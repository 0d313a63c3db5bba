/**
 * The restore a damaged feed's message advises: `.dataset-site/` of an earlier build put
 * into the folder of a later build's full site. The manifest then describes another site
 * than the folder holds (its change sets and dump parts among them), so the next build
 * writes every document anew into a new folder, and the site verifies clean.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { build } from '../../src/index.js';
import { verifySite } from '../../src/verify/index.js';

it('writes the site anew after an older .dataset-site/ is put into a full site, which then verifies clean', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'ds-restored-state-'));
  const [sources, out, saved] = ['sources', 'dist', 'saved-state'].map((name) => path.join(work, name)) as [
    string,
    string,
    string,
  ];
  // The sample: large enough that a one-record change is applied in place.
  await cp('sources', sources, { recursive: true });
  let minutes = 0;
  const rebuild = () => build({ sources, out, now: new Date(Date.UTC(2026, 10, 1, 12, (minutes += 5))) });
  const rename = async (name: string) => {
    const file = path.join(sources, 'exhibitions.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/"name_en":"[^"]*"/, `"name_en":"${name}"`));
  };

  await rebuild();
  await cp(path.join(out, '.dataset-site'), saved, { recursive: true });
  for (const name of ['Second Name Expo', 'Third Name Expo']) {
    await rename(name);
    await rebuild();
  }
  // The feed's state damaged; the build refuses and advises the restore.
  await writeFile(path.join(out, '.dataset-site/changes.json'), 'garbage');
  await expect(rebuild()).rejects.toThrow(/Restore \.dataset-site\/ from the build before/);
  await rm(path.join(out, '.dataset-site'), { recursive: true });
  await cp(saved, path.join(out, '.dataset-site'), { recursive: true });

  await rename('Fourth Name Expo');
  const restored = await rebuild();
  expect((await verifySite({ dir: out })).problems).toEqual([]);
  expect(restored.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
    expect.stringMatching(
      /^the build manifest is of another build than the site in the folder \(api\/public\/changes\/index\.json there was written at 2026-11-01T12:15:00\.000Z, the manifest's at 2026-11-01T12:05:00\.000Z: a \.dataset-site\/ of an earlier build put into the site of a later one\), so every document was written anew/,
    ),
  ]);
  await rename('Fifth Name Expo');
  expect((await rebuild()).diagnostics).toEqual([]);
  expect((await verifySite({ dir: out })).problems).toEqual([]);
});

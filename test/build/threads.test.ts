/**
 * The compiled command writes with worker threads (listing pages, the search index's
 * term shards, writing); tests that call `build()` from the sources run all of it in the
 * main thread. Both must write the same site: held here on the sample, for a first build
 * and for a rebuild after one record changed, by every document's fingerprint.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/index.js';
import { readManifest } from '../../src/site/index.js';
import { runCli } from '../helpers/cli.js';

// Every document's fingerprint but the changes feed's and the build's own, which name the build's time.
async function fingerprints(site: string): Promise<[string, string][]> {
  const { manifest } = await readManifest(site);
  return [...manifest]
    .filter(([file]) => !file.startsWith('api/public/changes/') && !file.startsWith('.dataset-site/'))
    .map(([file, [fingerprint]]) => [file, fingerprint]);
}

describe('the threaded writer of the command', () => {
  it('writes the site the inline writer writes, first and after one record changed, in the same order', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'ds-threads-'));
    const sources = path.join(work, 'sources');
    await cp('sources', sources, { recursive: true });
    const [threaded, inline] = [path.join(work, 'threaded'), path.join(work, 'inline')];
    const both = async () => {
      const result = await runCli(['build', '--sources', sources, '--out', threaded]);
      expect(result.code, result.stderr).toBe(0);
      await build({ sources, out: inline });
      expect(await fingerprints(threaded)).toEqual(await fingerprints(inline));
      return result.stdout;
    };
    await both();
    const file = path.join(sources, 'exhibitors', 'part-001.ndjson');
    const [first, ...rest] = (await readFile(file, 'utf8')).split('\n');
    await writeFile(file, [JSON.stringify({ ...JSON.parse(first!), company_en: 'Renamed Works' }), ...rest].join('\n'));
    const summary = await both();
    expect(summary).toMatch(/; \d+ added, \d+ changed, \d+ removed, \d+ unchanged/);
    expect((await runCli(['verify', '--dir', threaded])).code).toBe(0);
  });
});

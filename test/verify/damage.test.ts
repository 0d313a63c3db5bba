/**
 * verify finds every kind of damage a built site can suffer, and names the file: each
 * case damages one document of a copy of the sample site (or of a tiny site's feed) the
 * way a hand edit, a broken tool or a half-copied folder would. The full verify names
 * each at once; `verify --changed`, after a build that changed nothing, within the runs
 * of its rotation.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/index.js';
import {
  CHANGES_FORMAT_VERSION,
  CHANGES_INDEX_PATH,
  type ChangesIndexDocument,
  entityPath,
  listingPath,
  CHANGED_DOCUMENTS_PATH,
} from '../../src/query/formats/index.js';
import type { Diagnostic } from '../../src/shared/index.js';
import { serializeChangedDocuments } from '../../src/site/index.js';
import { verifySite } from '../../src/verify/verify.js';
import { readDump } from '../helpers/dumps.js';
import { buildTempSite, copySampleSite } from '../helpers/site.js';

type Json = Record<string, any>;
// Files put into the site folder by hand, which no build writes.
const STRAYS = ['deploy/wrangler.toml', 'notes/todo.txt', 'api/public/evil.json'];
const ROTATION = 4; // eslint-disable-line @typescript-eslint/no-explicit-any

const edit = async (site: string, file: string, change: (document: Json) => void) => {
  const document = JSON.parse(await readFile(path.join(site, file), 'utf8')) as Json;
  change(document);
  await writeFile(path.join(site, file), JSON.stringify(document));
};

describe('verify on a damaged site', () => {
  let site: string;
  let problems: string[];
  const changedProblems: string[] = [];
  const damaged: Record<string, string> = {};

  beforeAll(async () => {
    site = await copySampleSite();
    damaged.page = listingPath('exhibitor', {}, 2);
    await edit(site, damaged.page, (page) => (page.exhibitors[3].company_en = 'Edited by hand Ltd.'));
    damaged.entity = entityPath('exhibitor', 'EXR-000004');
    await edit(site, damaged.entity, (entity) => (entity.company_en = 'Edited by hand Ltd.'));
    damaged.total = listingPath('all', {}, 1);
    await edit(site, damaged.total, (page) => (page._meta.total += 1));
    damaged.next = listingPath('exhibitor', {}, 1);
    await edit(site, damaged.next, (page) => (page._meta.next = page._meta.next.replace('/2.json', '/3.json')));
    // An exhibition's document gone: every exhibitor that links to it has a broken link.
    const exhibitor = JSON.parse(
      await readFile(path.join(site, entityPath('exhibitor', 'EXR-000005')), 'utf8'),
    ) as Json;
    const target = decodeURIComponent(new URL(exhibitor._links.exhibitions[0]).pathname.slice(1));
    await rm(path.join(site, target));
    damaged.link = entityPath('exhibitor', 'EXR-000005');
    damaged.linkTarget = target;
    damaged.shard = `api/public/search/exhibitor/terms/${(await readdir(path.join(site, 'api/public/search/exhibitor/terms'))).sort()[1]}`;
    await edit(site, damaged.shard, (shard) => (shard.entities = `${shard.entities},0`));
    damaged.facet = 'api/public/facets/exhibitors/country.json';
    await edit(site, damaged.facet, (facet) => {
      facet.values[0].count += 1;
    });
    // A host file: a location sending requests to an internal service, added by hand.
    damaged.host = 'nginx.conf';
    await writeFile(
      path.join(site, damaged.host),
      `${await readFile(path.join(site, damaged.host), 'utf8')}\nlocation /admin { proxy_pass http://10.0.0.1; }\n`,
    );
    damaged.dump = (await readDump(site, 'service_provider')).parts[0]!.file;
    const lines = (await readFile(path.join(site, damaged.dump), 'utf8')).split('\n');
    damaged.dumpEntity = entityPath('service_provider', JSON.parse(lines[1]!).id);
    lines[1] = lines[1]!.replace('"id":', '"id" :');
    await writeFile(path.join(site, damaged.dump), lines.join('\n'));
    // Files the build did not write, of any name: a deploy configuration, notes, a document.
    for (const stray of STRAYS) {
      await mkdir(path.dirname(path.join(site, stray)), { recursive: true });
      await writeFile(path.join(site, stray), stray.endsWith('.json') ? '{}' : 'not for the public\n');
    }
    const describe = (found: Diagnostic[]) =>
      found.map(
        (problem) =>
          `${path.relative(site, problem.file!)}${problem.line ? `:${problem.line}` : ''}: ${problem.field ? `${problem.field}: ` : ''}${problem.message}`,
      );
    problems = describe((await verifySite({ dir: site })).problems);
    // As the scheduled job sees it after a build that changed nothing: the rotation's runs find all the same.
    await writeFile(
      path.join(site, CHANGED_DOCUMENTS_PATH),
      serializeChangedDocuments({ everything: false, changed: [], removed: [] }),
    );
    for (let run = 0; run < ROTATION; run++)
      changedProblems.push(...describe((await verifySite({ dir: site, changed: true, rotation: ROTATION })).problems));
  }, 120_000);

  // Each damage is named by the full verify, and by verify --changed within its rotation.
  const named = (file: string) => {
    const found = problems.filter((problem) => problem.startsWith(`${file}:`));
    expect([...new Set(changedProblems.filter((problem) => problem.startsWith(`${file}:`)))].sort()).toEqual(
      [...found].sort(),
    );
    return found;
  };

  it.each(STRAYS)('names %s, a file the build did not write', (file) => {
    expect(named(file)).toEqual([
      `${file}: unexpected file: the build did not write it (the build manifest does not list it); move it out of the site folder, as publish refuses a site holding it`,
    ]);
  });

  it('names a hand-edited page', () => {
    expect(named(damaged.page!)).toEqual([`${damaged.page}: differs from the reference answer for its query`]);
  });

  it('names a hand-edited entity document', () => {
    expect(named(damaged.entity!)).toEqual([`${damaged.entity}: differs from the entity's line in its dump`]);
  });

  it('names a page with a wrong total', () => {
    expect(named(damaged.total!)).toEqual([`${damaged.total}: differs from the reference answer for its query`]);
  });

  it('names a page with a wrong next', () => {
    expect(named(damaged.next!)[0]).toBe(`${damaged.next}: differs from the reference answer for its query`);
  });

  it('names the documents whose _links target is gone, and the target', () => {
    expect(named(damaged.link!)).toEqual([
      expect.stringMatching(
        new RegExp(`^${damaged.link}: _links.exhibitions: link does not resolve to a file of the site`),
      ),
    ]);
    expect(named(damaged.linkTarget!)).toEqual([`${damaged.linkTarget}: missing: the dump lists this entity`]);
  });

  it('names a search shard that disagrees with the entities', () => {
    expect(named(damaged.shard!)).toEqual([
      `${damaged.shard}: this search index document differs from the one the entities make`,
    ]);
  });

  it('names a facet document whose count lies', () => {
    expect(named(damaged.facet!)).toEqual([
      `${damaged.facet}: this document differs from the one this dataset-site makes`,
    ]);
  });

  it('names a hand-edited host file', () => {
    expect(named(damaged.host!)).toEqual([
      `${damaged.host}: this document differs from the one this dataset-site makes`,
    ]);
  });

  it('names a dump part whose line is not what the documents repeat, and its gzip copy', () => {
    expect(named(damaged.dump!)).toEqual([
      expect.stringMatching(/: holds \d+ bytes; its index says \d+$/),
      `${damaged.dump}: its SHA-256 is not the one its index lists`,
    ]);
    expect(named(`${damaged.dump}.gz`)).toEqual([
      `${damaged.dump}.gz: this gzip copy does not hold the bytes of ${damaged.dump}`,
    ]);
    // The line still parses to the same entity: the documents that repeat it are named.
    expect(named(damaged.dumpEntity!)).toEqual([`${damaged.dumpEntity}: differs from the entity's line in its dump`]);
  });
});

describe('verify on a damaged changes feed', () => {
  it('names the change set whose chain skips a build the index lists no more', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'ds-feed-'));
    const sources = JSON.parse(await readFile('test/fixtures/tiny/sources/data.json', 'utf8')) as Json;
    const out = path.join(work, 'site');
    for (let day = 0; day < 3; day++) {
      sources.exhibitors[0].company_en = `Lamp Works ${day}`;
      await writeFile(path.join(work, 'data.json'), JSON.stringify(sources));
      await build({
        sources: path.join(work, 'data.json'),
        out,
        baseUrl: 'https://data.example.com',
        now: new Date(Date.UTC(2026, 10, 1 + day, 12)),
      });
    }
    expect((await verifySite({ dir: out })).problems).toEqual([]);
    const index = JSON.parse(await readFile(path.join(out, CHANGES_INDEX_PATH), 'utf8')) as ChangesIndexDocument & Json;
    const [first, skipped] = index.builds;
    index.builds.splice(1, 1);
    await writeFile(path.join(out, CHANGES_INDEX_PATH), JSON.stringify(index));
    await rm(path.join(out, decodeURIComponent(new URL(skipped!.url).pathname.slice(1))));

    const firstFile = decodeURIComponent(new URL(first!.url).pathname.slice(1));
    for (const changed of [false, true]) {
      const problems = (await verifySite({ dir: out, changed })).problems.map(
        (problem) => `${path.relative(out, problem.file!)}: ${problem.message}`,
      );
      expect(problems).toContain(
        `${firstFile}: this change set is not chained to the builds before and after it in the index`,
      );
    }
  });

  it('names an index whose window_days was changed', async () => {
    const { out } = await buildTempSite({ sources: 'test/fixtures/tiny/sources' });
    await edit(out, CHANGES_INDEX_PATH, (index) => (index._meta.window_days = 99));
    for (const changed of [false, true]) {
      const problems = (await verifySite({ dir: out, changed })).problems.map(
        (problem) => `${path.relative(out, problem.file!)}: ${problem.message}`,
      );
      expect(problems).toEqual([
        `${CHANGES_INDEX_PATH}: this document is not the one the build wrote (its bytes differ from its fingerprint in the build manifest); rebuild the site`,
      ]);
    }
  });

  it('names an index of another format_version, which the feed format refuses', async () => {
    const { out } = await buildTempSite({ sources: 'test/fixtures/tiny/sources' });
    await edit(out, CHANGES_INDEX_PATH, (index) => (index._meta.format_version = 99));
    const problems = (await verifySite({ dir: out })).problems.map(
      (problem) => `${path.relative(out, problem.file!)}: ${problem.message}`,
    );
    expect(problems).toContain(
      `${CHANGES_INDEX_PATH}: the changes feed has no readable index: ${CHANGES_INDEX_PATH} is not a changes index of format_version ${CHANGES_FORMAT_VERSION}; rebuild the site`,
    );
  });
});

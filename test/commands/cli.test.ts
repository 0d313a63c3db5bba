/** The `dataset-site` command: usage, exit statuses, verify and query over a built site. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { entityPath, listingFolder, listingPath } from '../../src/query/formats/index.js';
import { runCli } from '../helpers/cli.js';
import { buildTempSite, copySampleSite, sampleSite } from '../helpers/site.js';

let out: string;
let scratch: string;
beforeAll(async () => {
  out = sampleSite();
  scratch = await mkdtemp(path.join(tmpdir(), 'ds-cli-'));
});

describe('dataset-site', () => {
  it('prints help and exits 0', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/build \[options\][\s\S]*verify \[options\][\s\S]*query \[options\]/);
  });

  it('exits 2 on bad usage', async () => {
    expect((await runCli(['frobnicate'])).code).toBe(2);
    expect((await runCli(['build', '--no-such-flag'])).code).toBe(2);
    const badUrl = await runCli(['build', '--base-url', 'ftp://x', '--out', path.join(scratch, 'never')]);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('--base-url must be an absolute http(s) URL');
    for (const url of ['https://x.example/data?x=1', 'https://x.example/../data', 'https://x.example/da ta']) {
      expect((await runCli(['build', '--base-url', url, '--out', path.join(scratch, 'never')])).code).toBe(2);
    }
  });

  it('answers a query offline from a built site', async () => {
    const result = await runCli([
      'query',
      '--dir',
      out,
      '--type',
      'exhibition',
      '--q',
      '汽车',
      '--city',
      'SHANGHAI',
      '--limit',
      '1',
    ]);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body._meta).toMatchObject({ type: 'exhibition', limit: 1, offset: 0, count: 1 });
    expect(body.exhibitions[0].city).toBe('Shanghai');
    expect(body.exhibitions[0].name_cn).toContain('汽车');
  });

  it('answers a bad query with a 400 body and exit 2', async () => {
    const result = await runCli(['query', '--dir', out, '--limit', 'ten']);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout).error).toEqual({
      status: 400,
      code: 'invalid_parameter',
      message: 'limit must be a whole number from 0 (the totals alone) to 500; got "ten"',
      parameter: 'limit',
    });
  });

  it('names the file and exits 74 when the file system refuses, without a stack', async () => {
    const notAFolder = path.join(scratch, 'not-a-folder');
    await writeFile(notAFolder, 'a file where a folder should be');
    const result = await runCli(['build', '--out', path.join(notAFolder, 'dist')]);
    expect(result.code).toBe(74);
    expect(result.stderr).toMatch(
      /^error: cannot write the site .*not-a-folder\/dist: a file stands where a folder should be \((ENOTDIR|EEXIST): .*not-a-folder.*\)$/m,
    );
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it('says when a folder is not a built site', async () => {
    const result = await runCli(['verify', '--dir', path.join(out, 'api')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/is not a built site .*did you run dataset-site build\?/);
  });
});

describe('verify', () => {
  it('passes a fresh site with exit status 0', async () => {
    const { out: tiny } = await buildTempSite({ sources: 'test/fixtures/tiny/sources' });
    const result = await runCli(['verify', '--dir', tiny]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^ok: \d+ documents in .* agree with the reference \(\d+ entity documents and pages read\)$/m,
    );
  });

  // The shared sample passes verify (test/build/sample.test.ts); a damaged copy of it must not.
  it('finds each kind of damage, with exit status 1', async () => {
    const site = await copySampleSite();

    const edited = path.join(site, listingPath('exhibitor', {}, 1));
    const page = JSON.parse(await readFile(edited, 'utf8'));
    page._meta.total += 1;
    await writeFile(edited, JSON.stringify(page));
    await rm(path.join(site, listingPath('exhibitor', {}, 3)));
    await writeFile(path.join(site, 'api/public/dataset/exhibition/city/atlantis.json'), '{}');
    await rm(path.join(site, listingFolder('exhibitor', { city: 'Köln' })), { recursive: true });
    const entityFile = path.join(site, entityPath('exhibitor', 'EXR-000001'));
    await writeFile(entityFile, JSON.stringify({ ...JSON.parse(await readFile(entityFile, 'utf8')), weight: 'heavy' }));

    const result = await runCli(['verify', '--dir', site]);
    expect(result.code).toBe(1);
    const problems = result.stderr.split('\n').map((line) => line.replace(`${site}/`, ''));
    expect(problems).toContain(`${entityPath('exhibitor', 'EXR-000001')}: weight: must be a number`);
    expect(problems).toContain(`${listingPath('exhibitor', {}, 1)}: differs from the reference answer for its query`);
    expect(problems).toContain(`${listingPath('exhibitor', {}, 3)}: missing: the reference says this page exists`);
    expect(
      problems.some((line) => line.startsWith(`${listingPath('exhibitor', {}, 2)}: _meta.next: link does not resolve`)),
    ).toBe(true);
    expect(problems).toContain(
      'api/public/dataset/exhibition/city/atlantis.json: unexpected file: the build did not write it (the build manifest does not list it); move it out of the site folder, as publish refuses a site holding it',
    );
    expect(problems).toContain(
      `${listingPath('exhibitor', { city: 'Köln' }, 1)}: missing: the reference says this page exists`,
    );
  });
});

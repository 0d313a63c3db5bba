/**
 * CSV and TSV sources (docs/api.md#sources): the same records as JSON give the same site,
 * byte for byte; a bad cell, a wrong header or a broken file is reported with its file,
 * line and column, and the previous site stays as it was.
 */
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/index.js';
import { formatDiagnostics, UserError } from '../../../src/shared/index.js';
import { MAX_TEXT_LENGTH } from '../../../src/schema/index.js';
import { runCli } from '../../helpers/cli.js';
import { hashTree, TEST_NOW } from '../../helpers/site.js';

type Records = Record<string, Record<string, unknown>[]>;
const TINY: Records = JSON.parse(await readFile('test/fixtures/tiny/sources/data.json', 'utf8'));

/** Records as a table: a header of every field used, lists joined like tag strings, cells quoted when they must be. */
function table(records: readonly Record<string, unknown>[], delimiter: ',' | '\t'): string {
  const fields = [...new Set(records.flatMap((record) => Object.keys(record)))];
  const cell = (value: unknown): string => {
    const text = value === undefined || value === null ? '' : Array.isArray(value) ? value.join('; ') : String(value);
    return delimiter === ',' && /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return (
    [
      fields.join(delimiter),
      ...records.map((record) => fields.map((field) => cell(record[field])).join(delimiter)),
    ].join('\n') + '\n'
  );
}

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ds-csv-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return dir;
}

async function buildSite(sources: string): Promise<string> {
  const out = path.join(await mkdtemp(path.join(tmpdir(), 'ds-csv-site-')), 'site');
  await build({ sources, out, now: TEST_NOW });
  return out;
}

async function problems(sources: string): Promise<string> {
  const error = await build({ sources, out: path.join(sources, '..', 'never'), now: TEST_NOW }).catch(
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UserError);
  return formatDiagnostics((error as UserError).diagnostics);
}

describe('CSV and TSV sources', () => {
  it('give the same site as the same records in JSON, byte for byte', async () => {
    const json = await folder({ 'data.json': JSON.stringify(TINY) });
    const tables = await folder({
      'exhibitions.csv': table(TINY.exhibitions!, ','),
      'exports/exhibitors/all.csv': table(TINY.exhibitors!, ','),
      'service_providers.tsv': table(TINY.service_providers!, '\t'),
    });
    // What is served: the build's own files differ, as its record cache knows records by their source text.
    const served = async (out: string) =>
      new Map([...(await hashTree(out))].filter(([file]) => !file.startsWith('.dataset-site/')));
    expect(await served(await buildSite(tables))).toEqual(await served(await buildSite(json)));
  });

  it('name the file, line and column of a bad cell', async () => {
    const rows = TINY.exhibitors!.map((record, i) =>
      i === 2 ? { ...record, official_url: 'javascript:alert(1)' } : record,
    );
    const sources = await folder({ 'exhibitors.csv': table(rows, ',') });
    const column = table(rows, ',').split('\n')[0]!.split(',').indexOf('official_url') + 1;
    expect(await problems(sources)).toContain(
      `exhibitors.csv:4:${column}: exhibitor X3: official_url: must be an http(s) URL`,
    );
  });

  it('name the line and column of a broken file, and leave the previous site as it was', async () => {
    const sources = await folder({ 'exhibitors.csv': 'id,company_en,weight\nX1,Acme,3\nX2,"Broken,4\n' });
    expect(await problems(sources)).toMatch(/exhibitors\.csv:3:2: not valid CSV: Quote Not Closed/);
    const out = await mkdtemp(path.join(tmpdir(), 'ds-csv-previous-'));
    await writeFile(path.join(out, 'previous.txt'), 'the previous site');
    const result = await runCli(['build', '--sources', sources, '--out', out]);
    expect(result.code).toBe(1);
    expect(await readFile(path.join(out, 'previous.txt'), 'utf8')).toBe('the previous site');
  });

  it('refuse a table that does not say its kind, and one with a row of the wrong length', async () => {
    expect(await problems(await folder({ 'export.csv': 'id,name_en\nE1,Fair\n' }))).toMatch(
      /export\.csv: a CSV or TSV file must be named exhibitions, exhibitors, service_providers/,
    );
    expect(await problems(await folder({ 'exhibitors.tsv': 'id\tcompany_en\nX1\tAcme\textra\n' }))).toMatch(
      /exhibitors\.tsv:2(:\d+)?: not valid TSV: Invalid Record Length/,
    );
  });
});

describe('a CSV or TSV header', () => {
  it('that names a column twice, leaves a column without a name, or names a field in capitals fails the file, at its line and column', async () => {
    const said = await problems(
      await folder({ 'exhibitors.csv': '\nid,company_en,ID,company_en,,Weight\nX1,Acme,X,Acme 2,,3\n' }),
    );
    expect(said.split('\n')).toEqual([
      expect.stringMatching(
        /exhibitors\.csv:2:3: ID: no field is named "ID"; field names are lower case: name the column "id"$/,
      ),
      expect.stringMatching(
        /exhibitors\.csv:2:4: company_en: the header names this field twice \(columns 2 and 4\); keep one of the two columns$/,
      ),
      expect.stringMatching(
        /exhibitors\.csv:2:5: column 5 of the header has no name; name the field it holds, or remove the column$/,
      ),
      expect.stringMatching(
        /exhibitors\.csv:2:6: Weight: no field is named "Weight"; field names are lower case: name the column "weight"$/,
      ),
    ]);
  });

  it("that holds another delimiter than its file's names the likely one", async () => {
    expect(await problems(await folder({ 'exhibitors.csv': 'id;company_en;weight\nX1;Acme, Inc;3\n' }))).toMatch(
      /exhibitors\.csv:1: not CSV: the header holds no commas but ";", so the file seems separated by semicolons; export it with commas as separators, or with tabs as a \.tsv file$/,
    );
    expect(await problems(await folder({ 'exhibitors.csv': 'id|company_en\nX1|Acme\n' }))).toMatch(
      /exhibitors\.csv:1: not CSV: the header holds no commas but "\|", so the file seems separated by vertical bars \(\|\);/,
    );
    expect(await problems(await folder({ 'service_providers.tsv': 'id,name_en\nP1,Ship\n' }))).toMatch(
      /service_providers\.tsv:1: not TSV: the header holds no tabs but ",", so the file seems separated by commas; export it with tabs as separators, or with commas as a \.csv file$/,
    );
  });
});

describe('a CSV or TSV cell', () => {
  it('holding a control character other than tab, line feed and carriage return is refused at its line, column and field', async () => {
    const sources = await folder({
      'exhibitors.csv':
        'id,company_en,intro,industry_tags\r\nX1,"Acme\nLtd\tCo",fine,a;b\r\nX2,Acme\u0000,"two\nlines\u0007",a;b\u001b;c\r\n',
    });
    expect((await problems(sources)).split('\n')).toEqual([
      expect.stringMatching(
        /exhibitors\.csv:4:2: exhibitor X2: company_en: holds the control character U\+0000 at character 5; remove it: a text may hold tab, line feed and carriage return, but no other control character$/,
      ),
      expect.stringMatching(
        /exhibitors\.csv:4:4: exhibitor X2: industry_tags\.1: holds the control character U\+001B at character 2; remove it/,
      ),
      expect.stringMatching(
        /exhibitors\.csv:4:3: exhibitor X2: intro: holds the control character U\+0007 at character 10; remove it/,
      ),
    ]);
  });

  it(`longer than MAX_TEXT_LENGTH (${MAX_TEXT_LENGTH} characters) is refused with its length and the limit; one that long is built`, async () => {
    const sources = await folder({
      'exhibitors.csv': `id,company_en,intro\nX1,Acme,${'a'.repeat(MAX_TEXT_LENGTH)}\nX2,Acme,${'b'.repeat(MAX_TEXT_LENGTH + 1)}\n`,
    });
    expect(await problems(sources)).toMatch(
      new RegExp(
        `^.*exhibitors\\.csv:3:3: exhibitor X2: intro: is ${MAX_TEXT_LENGTH + 1} characters long; a text may hold at most ${MAX_TEXT_LENGTH}, so that one record cannot hold a build's memory: shorten it, or link to the full text$`,
      ),
    );
    const site = await buildSite(
      await folder({ 'exhibitors.csv': `id,company_en,intro\nX1,Acme,${'a'.repeat(MAX_TEXT_LENGTH)}\n` }),
    );
    expect(JSON.parse(await readFile(path.join(site, 'api/public/exhibitors/X1.json'), 'utf8')).intro).toHaveLength(
      MAX_TEXT_LENGTH,
    );
  });
});

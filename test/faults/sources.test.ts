/**
 * Hostile source trees and records (docs/hostile-inputs.md): each either builds correctly
 * or fails fast with one message naming the file (and line), and a failed build leaves
 * the previous site exactly as it was.
 */
import { execFileSync } from 'node:child_process';
import { copyFile, cp, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH } from '../../src/schema/index.js';
import { runCli } from '../helpers/cli.js';
import { buildTempSite, hashTree } from '../helpers/site.js';

const TINY = path.resolve('test/fixtures/tiny/sources/data.json');
const EXHIBITION = { id: 'E1', name_en: 'Expo', start_date: '2026-01-01', end_date: '2026-01-02' };

let tinySite: string;
beforeAll(async () => {
  tinySite = (await buildTempSite({ sources: path.dirname(TINY) })).out;
});

/** A folder of sources holding the tiny fixture plus what `add` puts there, and a previous site built from the fixture alone. */
async function hostileTree(add: (sources: string) => Promise<void>): Promise<{ sources: string; out: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'ds-hostile-'));
  const sources = path.join(root, 'sources');
  await mkdir(sources);
  await copyFile(TINY, path.join(sources, 'data.json'));
  const out = path.join(root, 'site');
  await cp(tinySite, out, { recursive: true });
  await add(sources);
  return { sources, out };
}

/** Builds the hostile tree over its previous site and returns what the command said, checking the site is untouched on failure. */
async function buildHostile(add: (sources: string) => Promise<void>) {
  const { sources, out } = await hostileTree(add);
  const before = await hashTree(out);
  const result = await runCli(['build', '--sources', sources, '--out', out]);
  if (result.code !== 0) expect(await hashTree(out)).toEqual(before);
  return { ...result, lines: result.stderr.trim().split('\n'), sources };
}

const record = (fields: Record<string, unknown>) => JSON.stringify({ exhibitions: [{ ...EXHIBITION, ...fields }] });

describe('a source tree', () => {
  it('with symbolic-link loops is read once, each loop one warning', async () => {
    const result = await buildHostile(async (sources) => {
      await mkdir(path.join(sources, 'a'));
      await symlink('..', path.join(sources, 'a', 'up'));
      await symlink('.', path.join(sources, 'a', 'self'));
    });
    expect(result.code).toBe(0);
    expect(result.lines.filter((line) => line.includes('a folder already read'))).toHaveLength(2);
    expect(result.stderr).toMatch(/a\/self: warning: a symbolic link to .*sources\/a, a folder already read/);
  });

  it.each([
    ['a FIFO', 'pipe.json', async (file: string) => execFileSync('mkfifo', [file]), 'a FIFO (named pipe)'],
    [
      'a socket',
      'sock.json',
      async (file: string) =>
        void (await new Promise((resolve) => createServer().listen(file, () => resolve(undefined)))),
      'a socket',
    ],
    [
      'a dangling link',
      'gone.json',
      async (file: string) => symlink(path.join(path.dirname(file), 'nothing.json'), file),
      'a symbolic link to nothing',
    ],
  ])('with %s named like a source fails by name, without opening it', async (_, name, make, what) => {
    const result = await buildHostile((sources) => make(path.join(sources, name)).then(() => undefined));
    expect(result.code).toBe(1);
    expect(result.lines[0]).toContain(`sources/${name}: not a regular file but ${what}; a source must be a file`);
  });

  it('given as one file builds that file', async () => {
    const { sources, out } = await hostileTree(async () => {});
    const result = await runCli(['build', '--sources', path.join(sources, 'data.json'), '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/3 exhibitions, 4 exhibitors, 2 service providers/);
  });
});

describe('a source record', () => {
  it.each([
    [
      'a numeric id above 2^53 − 1',
      '{"exhibitions": [{"id": 9007199254740993, "name_en": "X", "start_date": "2026-01-01", "end_date": "2026-01-02"}]}',
      /x\.json:1: exhibition: id: a numeric id above 9007199254740991 \(2\^53 − 1\) is rounded when read.*write it as a string/,
    ],
    ['a fractional id', record({ id: 1.5 }), /x\.json:1: exhibition: id: a numeric id must be a whole number/],
    ['NaN', '{"exhibitions": [{"id": NaN}]}', /x\.json:1: not valid JSON: /],
    [
      'a number too large for a double',
      '{"exhibitors": [{"id": "X9", "company_en": "Y", "weight": 1e400}]}',
      /x\.json:1: exhibitor X9: weight: /,
    ],
    [
      'deeply nested arrays',
      record({ industry_tags_en: [] }).replace('[]', '['.repeat(100_000) + ']'.repeat(100_000)),
      /x\.json:1: exhibition E1: industry_tags_en\.0: must hold only strings/,
    ],
    [
      'a javascript: URL',
      record({ official_url: 'javascript:alert(1)' }),
      /x\.json:1: exhibition E1: official_url: must be an http\(s\) URL/,
    ],
    [
      'a date written another way',
      record({ start_date: '2027/04/20', end_date: '2027-04-22' }),
      /x\.json:1: exhibition E1: start_date: must be a date YYYY-MM-DD$/,
    ],
    [
      'NUL in a name',
      record({ name_en: 'tab\there\u0000' }),
      /x\.json:1: exhibition E1: name_en: holds the control character U\+0000 at character 9; remove it: a text may hold tab, line feed and carriage return, but no other control character$/,
    ],
    [
      'a control character in an id',
      record({ id: 'a\u0000b\u0001' }),
      /x\.json:1: exhibition: id: holds the control character U\+0000 at character 2; remove it/,
    ],
    [
      'a control character in a tag',
      record({ industry_tags_en: ['fine', 'bell\u0007'] }),
      /x\.json:1: exhibition E1: industry_tags_en\.1: holds the control character U\+0007 at character 5; remove it/,
    ],
    [
      'a text over the length limit (1 MB)',
      record({ organizer: 'x'.repeat(1 << 20) }),
      new RegExp(
        `x\\.json:1: exhibition E1: organizer: is ${1 << 20} characters long; a text may hold at most ${MAX_TEXT_LENGTH}, so that one record cannot hold a build's memory: shorten it, or link to the full text$`,
      ),
    ],
  ])('with %s fails with one message naming file and line', async (_, text, message) => {
    const result = await buildHostile((sources) => writeFile(path.join(sources, 'x.json'), text));
    expect(result.code).toBe(1);
    expect(result.lines).toHaveLength(2);
    expect(result.lines[0]).toMatch(message);
    expect(result.lines.at(-1)).toMatch(/^error: the sources have problems; nothing was written/);
  });

  it.each([
    ['a BOM', `\uFEFF${record({ id: 'BOM' })}`],
    [
      '__proto__ and constructor keys',
      `{"exhibitions": [{"id": "P", "name_en": "X", "start_date": "2026-01-01", "end_date": "2026-01-02", "__proto__": {"polluted": true}, "constructor": 1}], "__proto__": []}`,
    ],
    [
      'tab, line feed and carriage return in a text',
      record({ id: 'CTL', name_en: 'tab\there', intro: 'two\r\nlines\n' }),
    ],
    ['a text at the length limit', record({ id: 'LONG', organizer: 'x'.repeat(MAX_TEXT_LENGTH) })],
    [
      'a name of one word at the length limit (searched by q and text)',
      record({ id: 'LONGNAME', name_en: 'y'.repeat(MAX_TEXT_LENGTH) }),
    ],
    [
      'a key given twice (the last one counts, as in JSON.parse)',
      '{"exhibitions": [{"id": "D", "id": "D2", "name_en": "X", "start_date": "2026-01-01", "end_date": "2026-01-02"}]}',
    ],
  ])('with %s builds', async (_, text) => {
    const result = await buildHostile((sources) =>
      mkdir(path.join(sources, 'more')).then(() => writeFile(path.join(sources, 'more', 'x.json'), text)),
    );
    expect(result.stdout).toMatch(/^built .*: 4 exhibitions/m);
    expect(result.code).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

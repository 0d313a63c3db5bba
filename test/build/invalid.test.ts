/**
 * One fixture folder per failure code: building it prints exactly `expected.txt`, and
 * an error leaves the previous site untouched.
 */
import { mkdir, mkdtemp, readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/index.js';
import { UserError, formatDiagnostics } from '../../src/shared/index.js';
import { MAX_SOURCE_FILE_BYTES } from '../../src/pipeline/sources/index.js';
import { runCli } from '../helpers/cli.js';

const FIXTURES = path.resolve('test/fixtures/invalid');
const fixtures = (await readdir(FIXTURES)).sort();
const WARNINGS_ONLY = new Set(['unknown_exhibition', 'unknown_field']);

describe.each(fixtures)('fixture %s', (name) => {
  const root = path.join(FIXTURES, name);

  it('reports exactly the expected diagnostics', async () => {
    const expected = (await readFile(path.join(root, 'expected.txt'), 'utf8')).trimEnd();
    const out = await mkdtemp(path.join(tmpdir(), 'ds-invalid-'));
    try {
      const result = await build({
        root,
        sources: 'sources',
        out: path.join(out, 'site'),
        write: WARNINGS_ONLY.has(name),
      });
      expect(WARNINGS_ONLY.has(name), 'the build should have failed').toBe(true);
      expect(formatDiagnostics(result.diagnostics)).toBe(expected);
    } catch (error) {
      expect(error).toBeInstanceOf(UserError);
      const printed =
        (error as UserError).diagnostics.length > 0
          ? formatDiagnostics((error as UserError).diagnostics)
          : `error: ${(error as UserError).message}`;
      expect(printed).toBe(expected);
    }
  });

  it.skipIf(WARNINGS_ONLY.has(name))(
    'fails with exit status 1 through the CLI and leaves the previous site untouched',
    async () => {
      const out = await mkdtemp(path.join(tmpdir(), 'ds-invalid-'));
      await writeFile(path.join(out, 'previous.txt'), 'the previous site');
      const result = await runCli(['build', '--sources', 'sources', '--out', out], root);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain((await readFile(path.join(root, 'expected.txt'), 'utf8')).trimEnd());
      expect(await readdir(out)).toEqual(['previous.txt']);
      expect(await readFile(path.join(out, 'previous.txt'), 'utf8')).toBe('the previous site');
    },
  );
});

describe('--skip-invalid', () => {
  it('builds without the bad records and still reports each one', async () => {
    const root = path.join(FIXTURES, 'duplicate_id');
    const out = await mkdtemp(path.join(tmpdir(), 'ds-skip-'));
    const result = await runCli(['build', '--sources', 'sources', '--out', out, '--skip-invalid'], root);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'sources/exhibitors/part.ndjson:3: exhibitor E1: id: duplicate id; first defined at sources/exhibitors/part.ndjson:1',
    );
    expect(result.stdout).toMatch(/0 exhibitions, 2 exhibitors, 0 service providers, 1 invalid records skipped/);
    const first = JSON.parse(await readFile(path.join(out, 'api/public/exhibitors/E1.json'), 'utf8'));
    expect(first.company_en).toBe('First');
  });
});

describe('a source file too large to read', () => {
  it('is reported with its size and the limit, without being read', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'ds-huge-'));
    await mkdir(path.join(root, 'sources', 'exhibitors'), { recursive: true });
    const huge = path.join(root, 'sources', 'exhibitors', 'huge.ndjson');
    await writeFile(huge, '');
    await truncate(huge, MAX_SOURCE_FILE_BYTES + 1); // sparse: no bytes are written
    const result = await runCli(['build', '--sources', 'sources', '--out', path.join(root, 'site')], root);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'sources/exhibitors/huge.ndjson: the file holds 524288001 bytes; a source file may hold at most 524288000 (500 MiB): split it into several files (every *.json, *.ndjson, *.jsonl, *.csv, *.tsv file below the sources folder is read)',
    );
  });
});

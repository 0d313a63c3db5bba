/** An output folder the machine refuses: exit 74 with one line naming the site folder and the real cause. */
import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

let readOnly: string;
let mounted = false;

beforeAll(async () => {
  readOnly = await mkdtemp(path.join(tmpdir(), 'ds-readonly-'));
  // A read-only tmpfs needs root (CI and this machine run tests as root); elsewhere the test is skipped.
  mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', readOnly]).status === 0;
});

afterAll(() => {
  if (mounted) spawnSync('umount', [readOnly]);
});

describe('an output folder on a read-only file system', () => {
  it('exits 74 naming the folder and saying it is read-only', async (context) => {
    if (!mounted) context.skip();
    const out = path.join(readOnly, 'dist');
    const result = await runCli(['build', '--sources', 'test/fixtures/tiny/sources', '--out', out]);
    expect(result.code).toBe(74);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^error: cannot write the site ${out}: the file system is read-only \\(EROFS: `),
      ),
    ]);
  });
});

/**
 * A build whose reader leaves early (`dataset-site build 2>&1 | head -1`): the pipe of its
 * standard error is closed after the first progress line, and the build still ends as it
 * would, exit 0, its site in place, no lock or temporary folder left beside it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';

it.each(['stderr', 'stdout'] as const)(
  'finishes a build whose reader of %s left after its first line, leaving no lock or temporary folder',
  async (closed) => {
    const work = await mkdtemp(path.join(tmpdir(), 'ds-closed-output-'));
    // The sample prints a progress line every 5,000 documents on stderr, and its report on stdout.
    const child = spawn(process.execPath, [CLI, 'build', '--sources', 'sources', '--out', path.join(work, 'dist')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const reader = child[closed];
    reader.once('data', () => reader.destroy());
    const other = closed === 'stderr' ? child.stdout : child.stderr;
    other.resume();
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(await readdir(work)).toEqual(['dist']);
  },
);

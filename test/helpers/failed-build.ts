/** A build that must fail with a clear message and leave the previous site exactly as it was. */
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { build, type BuildOptions } from '../../src/index.js';
import { formatDiagnostics, UserError } from '../../src/shared/index.js';
import { TEST_NOW } from './site.js';

/** Builds `options` into a folder holding a previous site, expects a UserError and the previous site untouched, and returns what is printed. */
export async function failedBuild(options: BuildOptions): Promise<{ message: string; out: string }> {
  const out = await mkdtemp(path.join(tmpdir(), 'ds-previous-'));
  await writeFile(path.join(out, 'previous.txt'), 'the previous site');
  const error = await build({ now: TEST_NOW, ...options, out }).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(UserError);
  expect(await readdir(out)).toEqual(['previous.txt']);
  expect(await readFile(path.join(out, 'previous.txt'), 'utf8')).toBe('the previous site');
  const { message, diagnostics } = error as UserError;
  return { message: [message, formatDiagnostics(diagnostics)].join('\n'), out };
}

/**
 * A fingerprint of the code that builds: every module of this package (the compiled `lib/`,
 * or `src/` when run from the TypeScript sources) and the version of zod, which shapes
 * valid records. What a build keeps for the next one (record-cache.ts) is valid only
 * for the same fingerprint, so an upgrade never serves bytes an older version made.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { runningFingerprint } from '../../shared/index.js';

let fingerprint: Promise<string> | undefined;

/** The code's fingerprint, computed once a process (about 2 MB read). */
export function codeFingerprint(): Promise<string> {
  fingerprint ??= computeFingerprint();
  return fingerprint;
}

async function computeFingerprint(): Promise<string> {
  // This module is in src/pipeline/cache/ (or lib/pipeline/cache/): the package's code is src/ (or lib/), two folders up.
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const files = (await fg(['**/*.js', '**/*.ts'], { cwd: root, ignore: ['**/*.d.ts'] })).sort();
  const digest = runningFingerprint();
  digest.update(`zod ${(createRequire(import.meta.url)('zod/package.json') as { version: string }).version}\n`);
  for (const file of files) digest.update(`${file}\n`).update(await readFile(path.join(root, file)));
  return digest.digest('base64url');
}

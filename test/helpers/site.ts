/** Building sites into temporary folders and reading them back, for tests. */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { inject } from 'vitest';
import { build, type BuildResult, type BuildOptions } from '../../src/index.js';
import { runNode } from './cli.js';
import { parseSnapshot, SNAPSHOT_ROOT_PATH, versionedPath } from '../../src/query/formats/index.js';
import { searchIndexPath } from '../../src/query/search/index.js';
import type { Kind, Search } from '../../src/query/semantics/index.js';

/** The build time every test site uses, so statuses and timestamps are fixed. */
export const TEST_NOW = new Date('2026-11-22T00:00:00.000Z');

/** Builds `sources` (the embedded sample by default) into a new temporary folder. */
export async function buildTempSite(options: BuildOptions = {}): Promise<BuildResult & { out: string }> {
  const out = path.join(await mkdtemp(path.join(tmpdir(), 'ds-site-')), 'site');
  const result = await build({ sources: 'sources', now: TEST_NOW, ...options, out });
  return { ...result, out };
}

/** Sources made by `npm run generate` (scripts/generate.ts) into a new temporary folder: its path. */
export async function generatedSources(counts: {
  exhibitions: number;
  exhibitors: number;
  providers: number;
  seed: number;
}): Promise<string> {
  const sources = path.join(await mkdtemp(path.join(tmpdir(), 'ds-generated-')), 'sources');
  const flags = Object.entries(counts).flatMap(([name, value]) => [`--${name}`, String(value)]);
  const generated = await runNode(['node_modules/tsx/dist/cli.mjs', 'scripts/generate.ts', ...flags, '--out', sources]);
  if (generated.code !== 0) throw new Error(`generating sources failed: ${generated.stderr}`);
  return sources;
}

/** The sample site built once by test/global-setup.ts, with {@link TEST_NOW}: read it, never change it. */
export function sampleSite(): string {
  return inject('sampleSite');
}

/** A copy of the sample site in a new temporary folder, for a test that changes it. */
export async function copySampleSite(): Promise<string> {
  const out = path.join(await mkdtemp(path.join(tmpdir(), 'ds-site-')), 'site');
  await copyFolder(sampleSite(), out);
  return out;
}

/** Copies the folder `from` to `to`, which must not exist: the system's cp copies thousands of files many times faster than fs.cp. */
export async function copyFolder(from: string, to: string): Promise<void> {
  const copied = await new Promise<number | null>((resolve) =>
    spawn('cp', ['-R', from, to], { stdio: 'inherit' }).on('close', resolve),
  );
  if (copied !== 0) throw new Error(`cp could not copy ${from} to ${to}`);
}

/** Rewrites the first exhibitors file of sources in `folder` (one record a line, as generated and embedded) by `change`. */
export async function changeExhibitors(
  folder: string,
  change: (records: Record<string, unknown>[]) => Record<string, unknown>[],
): Promise<void> {
  const file = path.join(folder, 'exhibitors', (await readdir(path.join(folder, 'exhibitors'))).sort()[0]!);
  const records = (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  await writeFile(
    file,
    `${change(records)
      .map((record) => JSON.stringify(record))
      .join('\n')}\n`,
  );
}

/** Path → SHA-1 of every file below a folder (dot files included), or of those `pattern` (a glob) names. */
export async function hashTree(dir: string, pattern = '**/*'): Promise<Map<string, string>> {
  const files = (await fg(pattern, { cwd: dir, dot: true, onlyFiles: true })).sort();
  const hashes = new Map<string, string>();
  for (const file of files)
    hashes.set(
      file,
      createHash('sha1')
        .update(await readFile(path.join(dir, file)))
        .digest('hex'),
    );
  return hashes;
}

/** Reads and parses a JSON file of a site. */
export async function readSiteJson<T = unknown>(out: string, file: string): Promise<T> {
  return JSON.parse(await readFile(path.join(out, file), 'utf8')) as T;
}

/** The path of a kind's search index entry in the site in `dir`, at the generation its snapshot root names (docs/api.md#snapshots). */
export async function siteEntryPath(dir: string, kind: Kind, search: Search = 'q'): Promise<string> {
  const root = parseSnapshot(SNAPSHOT_ROOT_PATH, await readFile(path.join(dir, SNAPSHOT_ROOT_PATH), 'utf8'));
  return versionedPath(searchIndexPath(kind, search), root.search[kind][search]);
}

/**
 * `text` with the version of every body it holds or names blanked, each as long as it was: a rebuild's bodies carry
 * the versions of the builds that last changed them where a cold build's carry its own (docs/api.md#snapshots).
 */
export function withoutBodyVersions(text: string): string {
  return text
    .replace(/"_version":"[A-Za-z0-9_-]{4}"/g, '"_version":"****"')
    .replace(/"bodies":"([^"]*)"/g, (_, bodies: string) => `"bodies":"${bodies.replace(/[^.]/g, '*')}"`);
}

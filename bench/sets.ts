/** The benchmark sets and their sources: the sample, or a seeded generated set reused when its arguments match. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A benchmark set: a name and the generator arguments (none for the embedded sample). */
export interface BenchSet {
  name: string;
  generate?: { exhibitions: number; exhibitors: number; providers: number; seed: number };
}

/** S = the embedded sample, M and L = generated at realistic scale (issue 4). */
export const SETS: readonly BenchSet[] = [
  { name: 'S' },
  { name: 'M', generate: { exhibitions: 2_000, exhibitors: 50_000, providers: 2_000, seed: 42 } },
  { name: 'L', generate: { exhibitions: 10_000, exhibitors: 250_000, providers: 10_000, seed: 42 } },
];

/** Folder of the benchmark's working files for one set (git-ignored). */
export function setDir(root: string, set: BenchSet): string {
  return path.join(root, 'bench', 'out', set.name);
}

/**
 * The sources folder of a set: `sources/` for the sample; otherwise generated with
 * `npm run generate` into `bench/out/<set>/sources`, unless already generated with the same arguments.
 */
export function ensureSources(root: string, set: BenchSet, log: (line: string) => void): string {
  if (!set.generate) return path.join(root, 'sources');
  const dir = setDir(root, set);
  const sources = path.join(dir, 'sources');
  const stamp = path.join(dir, 'generated.json');
  const args = { ...set.generate, format: 'ndjson' };
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === JSON.stringify(args)) {
    log(`[${set.name}] reusing ${path.relative(root, sources)}`);
    return sources;
  }
  log(`[${set.name}] generating ${args.exhibitions} exhibitions, ${args.exhibitors} exhibitors, ${args.providers} providers`);
  mkdirSync(dir, { recursive: true });
  const flags = Object.entries(args).flatMap(([key, value]) => [`--${key}`, String(value)]);
  const result = spawnSync('npx', ['tsx', 'scripts/generate.ts', ...flags, '--out', sources], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`generating set ${set.name} failed`);
  writeFileSync(stamp, JSON.stringify(args));
  return sources;
}

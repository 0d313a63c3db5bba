/** The benchmark sets and their sources: the sample, or a seeded generated set reused when its arguments match. */
import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
  log(
    `[${set.name}] generating ${args.exhibitions} exhibitions, ${args.exhibitors} exhibitors, ${args.providers} providers`,
  );
  mkdirSync(dir, { recursive: true });
  const flags = Object.entries(args).flatMap(([key, value]) => [`--${key}`, String(value)]);
  const result = spawnSync('npx', ['tsx', 'scripts/generate.ts', ...flags, '--out', sources], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`generating set ${set.name} failed`);
  writeFileSync(stamp, JSON.stringify(args));
  return sources;
}

/**
 * A copy of `sources` in `dir/sources-one-change` where one exhibitor's English name is
 * different: every file hard-linked but the first that holds exhibitors, rewritten.
 */
export function oneRecordChanged(sources: string, dir: string): string {
  const target = path.join(dir, 'sources-one-change');
  rmSync(target, { recursive: true, force: true });
  let changed = false;
  for (const file of (readdirSync(sources, { recursive: true }) as string[]).sort()) {
    const from = path.join(sources, file);
    const to = path.join(target, file);
    if (statSync(from).isDirectory()) continue;
    mkdirSync(path.dirname(to), { recursive: true });
    const text: string | undefined = changed ? undefined : renameFirstExhibitor(file, readFileSync(from, 'utf8'));
    if (text === undefined) linkSync(from, to);
    else writeFileSync(to, text);
    changed ||= text !== undefined;
  }
  if (!changed) throw new Error(`no exhibitor to change in ${sources}`);
  return target;
}

// The file's text with its first exhibitor renamed, or undefined when it holds none.
function renameFirstExhibitor(file: string, text: string): string | undefined {
  const rename = (record: { company_en?: string | null }) => ({
    ...record,
    company_en: `${record.company_en ?? ''} (renamed)`,
  });
  if (file.endsWith('.json')) {
    const document = JSON.parse(text) as { exhibitors?: { company_en?: string | null }[] };
    if (!document.exhibitors?.length) return undefined;
    document.exhibitors[0] = rename(document.exhibitors[0]!);
    return JSON.stringify(document);
  }
  if (path.basename(path.dirname(file)) !== 'exhibitors') return undefined;
  const [first, ...rest] = text.split('\n');
  return [JSON.stringify(rename(JSON.parse(first!))), ...rest].join('\n');
}

/**
 * One changed record rebuilt in place, the four changes of the 5-minute cycle: an exhibitor's
 * intro and product tags edited, its weight raised by 500 (it moves to the top of the default
 * order), an exhibitor added at the median weight, one deleted near the top. Each is made as a
 * second folder of sources (hard links but for the changed file); the site, built from the
 * original sources, is rebuilt with the change and then back without it, `--runs` times, each
 * rebuild timed with its CPU, peak memory, files changed and bytes written (the build's own
 * summary line) and the load average before it.
 *
 * With `--publish`, the site is first published whole to a local S3-compatible server (s3rver,
 * test/helpers/s3.ts), and each rebuild is then published to it: the objects uploaded and
 * deleted, the MB sent and the publish's wall time are in its row.
 *
 *   node --import tsx bench/one-record.ts SOURCES SITE [--runs 3] [--cli lib/cli.js] [--page-depth N|all|auto] [--changes NAME,…] [--publish] [--json FILE]
 *
 * `--changes` names the changes to make, of `intro and tags`, `weight +500`, `added`, `deleted` (all four by default).
 *
 * SITE must hold a build of SOURCES made with the same CLI and page depth (it is rebuilt in place).
 */
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../test/helpers/s3.js';
import { requireGnuTime, runTimed } from './timed.js';

/** One rebuild's cost. */
interface Rebuild {
  change: string;
  direction: 'apply' | 'revert';
  wall: number;
  cpu: number;
  peakGB: number;
  filesChanged: number;
  writtenMB: number;
  load: number;
  /** The documents changed or removed (not the build's own files), by part of the site: files and MB written. */
  parts: Record<string, { files: number; MB: number }>;
  /** With `--publish`: what publishing the rebuild sent to the bucket, and its wall time. */
  published?: Published;
}

/** What one publish sent. */
interface Published {
  uploaded: number;
  deleted: number;
  MB: number;
  wall: number;
}

// The part of the site a document belongs to, for the table of what a change rewrites.
const PARTS: [part: string, pattern: RegExp][] = [
  ['listing leaves', /^api\/public\/dataset\/.*(?:\/leaves\/|\/leaves\.json$)/],
  ['listing pages', /^api\/public\/(?:dataset|exhibitions\/[^/]+\/exhibitors|regions)\//],
  ["bodies' copies", /^api\/public\/search\/[^/]+\/bodies\//],
  ['search index', /^api\/public\/search\//],
  ['snapshots', /^api\/public\/snapshots?[./]/],
  ['entities', /^api\/public\/(?:exhibitions|exhibitors|service_providers)\/[^/]+\.json$/],
  ['dumps', /^api\/public\/dumps\//],
  ['other', /./],
];

type SourceRecord = { [field: string]: unknown };
/** A change: how it rewrites the records of the first exhibitors file (one a line). */
type Change = (records: SourceRecord[]) => SourceRecord[];

const CHANGES: [name: string, change: Change][] = [
  [
    'intro and tags',
    ([first, ...rest]) => [
      { ...first, intro: `${String(first!.intro)} Now also makes rivets.`, product_tags: ['Rivets'] },
      ...rest,
    ],
  ],
  ['weight +500', ([first, ...rest]) => [{ ...first, weight: Number(first!.weight ?? 0) + 500 }, ...rest]],
  [
    'added',
    (records) => {
      const weights = records.map((record) => Number(record.weight ?? 0)).sort((a, b) => a - b);
      const median = weights[Math.floor(weights.length / 2)]!;
      return [
        ...records,
        { ...records[1], id: 'EXR-BENCH-ADDED', company_en: 'Bench Added Co., Ltd.', weight: median },
      ];
    },
  ],
  [
    'deleted',
    (records) => {
      const top = records.reduce(
        (best, record, i) => (Number(record.weight ?? 0) > Number(records[best]!.weight ?? 0) ? i : best),
        0,
      );
      return records.filter((_, i) => i !== top);
    },
  ],
];

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    cli: { type: 'string', default: 'lib/cli.js' },
    'page-depth': { type: 'string' },
    changes: { type: 'string' },
    publish: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const [sources, site] = positionals as [string, string];
if (!sources || !site)
  throw new Error(
    'usage: bench/one-record.ts SOURCES SITE [--runs 3] [--cli lib/cli.js] [--page-depth N|all|auto] [--changes NAME,…] [--publish] [--json FILE]',
  );
const chosen = values.changes?.split(',').map((name) => name.trim());
const unknown = chosen?.filter((name) => !CHANGES.some(([known]) => known === name)) ?? [];
if (unknown.length > 0)
  throw new Error(`no change named ${unknown.join(', ')}; the changes are ${CHANGES.map(([name]) => name).join(', ')}`);
const made = CHANGES.filter(([name]) => chosen === undefined || chosen.includes(name));
requireGnuTime();
const bucket = values.publish ? await publishedBucket(site) : undefined;
const exhibitorsFile = (readdirSync(path.join(sources, 'exhibitors')) as string[]).sort()[0]!;
const rows: Rebuild[] = [];
for (const [name, change] of made) {
  const changed = changedSources(sources, name, change);
  for (let run = 1; run <= Number(values.runs); run++)
    for (const [direction, from] of [
      ['apply', changed],
      ['revert', sources],
    ] as const) {
      const load = loadavg()[0]!;
      const depth = values['page-depth'] === undefined ? [] : ['--page-depth', values['page-depth']];
      const timing = await runTimed('node', [values.cli, 'build', '--sources', from, '--out', site, ...depth]);
      const summary = /(\d+) added, (\d+) changed, (\d+) removed, \d+ unchanged \(([\d.]+) MB written\)/.exec(
        timing.stdout,
      );
      if (!summary) throw new Error(`no summary line in the build's output: ${timing.stdout}`);
      const row: Rebuild = {
        change: name,
        direction,
        wall: timing.wall,
        cpu: timing.cpu,
        peakGB: timing.peakRss / 2 ** 30,
        filesChanged: Number(summary[1]) + Number(summary[2]) + Number(summary[3]),
        writtenMB: Number(summary[4]),
        load,
        parts: changedParts(site),
        ...(bucket === undefined ? {} : { published: await bucket.publish() }),
      };
      rows.push(row);
      console.log(
        `${name.padEnd(15)} ${direction.padEnd(6)} ${row.wall.toFixed(1)} s wall, ${row.cpu.toFixed(1)} s CPU, ${row.peakGB.toFixed(2)} GB, ${row.filesChanged} files, ${row.writtenMB} MB, load ${load.toFixed(2)}; ${Object.entries(
          row.parts,
        )
          .map(([part, { files, MB }]) => `${part} ${files} (${MB.toFixed(1)} MB)`)
          .join(
            ', ',
          )}${row.published ? `; published ${row.published.uploaded} objects, ${row.published.deleted} deleted, ${row.published.MB} MB in ${row.published.wall.toFixed(1)} s` : ''}`,
      );
    }
  rmSync(changed, { recursive: true, force: true });
}
await bucket?.close();
for (const [name] of made) {
  const of = rows.filter((row) => row.change === name);
  const median = (value: (row: Rebuild) => number) => of.map(value).sort((a, b) => a - b)[Math.floor(of.length / 2)]!;
  console.log(
    `median ${name}: ${median((row) => row.wall).toFixed(1)} s wall, ${median((row) => row.cpu).toFixed(1)} s CPU, ${median((row) => row.filesChanged)} files, ${median((row) => row.writtenMB)} MB`,
  );
}
if (values.json) writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);

// A bucket of a local S3 server holding `site` as published whole (logged, not a row), and how to publish it again.
async function publishedBucket(site: string): Promise<{ publish(): Promise<Published>; close(): Promise<void> }> {
  const s3: LocalS3 = await startLocalS3();
  const name = await s3.createBucket();
  const env = {
    ...process.env,
    AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
  };
  const args = [
    values.cli,
    'publish',
    '--dir',
    site,
    '--endpoint',
    s3.endpoint,
    '--bucket',
    name,
    '--force-path-style',
  ];
  const publish = async (): Promise<Published> => {
    // Run without blocking this process's event loop: the local S3 server's proxy lives in it.
    const timing = await runTimed('node', args, undefined, { env });
    const counts = /(\d+) uploaded, (\d+) deleted.*?; ([\d.]+) MB/.exec(timing.stdout);
    if (!counts) throw new Error(`no summary line in publish's output: ${timing.stdout}`);
    return { uploaded: Number(counts[1]), deleted: Number(counts[2]), MB: Number(counts[3]), wall: timing.wall };
  };
  const whole = await publish();
  console.log(`published the site whole: ${whole.uploaded} objects, ${whole.MB} MB in ${whole.wall.toFixed(1)} s`);
  return { publish, close: () => s3.close() };
}

// What the last build changed (its list for verify --changed), by part of the site; a removed document counts with no bytes.
function changedParts(site: string): Rebuild['parts'] {
  const list = JSON.parse(readFileSync(path.join(site, '.dataset-site/changed.json'), 'utf8')) as {
    changed?: string[];
    removed?: string[];
  };
  const parts: Rebuild['parts'] = {};
  const add = (file: string, bytes: number) => {
    const part = PARTS.find(([, pattern]) => pattern.test(file))![0];
    parts[part] ??= { files: 0, MB: 0 };
    parts[part].files++;
    parts[part].MB += bytes / 1e6;
  };
  for (const file of list.changed ?? []) add(file, statSync(path.join(site, file)).size);
  for (const file of list.removed ?? []) add(file, 0);
  return parts;
}

// A folder of sources like `from`, hard-linked but for the first exhibitors file, whose records `change` rewrites.
function changedSources(from: string, name: string, change: Change): string {
  const target = `${from.replace(/\/$/, '')}-${name.replace(/\W+/g, '-')}`;
  rmSync(target, { recursive: true, force: true });
  for (const file of readdirSync(from, { recursive: true }) as string[]) {
    const [source, copy] = [path.join(from, file), path.join(target, file)];
    if (statSync(source).isDirectory()) continue;
    mkdirSync(path.dirname(copy), { recursive: true });
    if (file !== path.join('exhibitors', exhibitorsFile)) linkSync(source, copy);
    else {
      const records = readFileSync(source, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as SourceRecord);
      writeFileSync(
        copy,
        `${change(records)
          .map((record) => JSON.stringify(record))
          .join('\n')}\n`,
      );
    }
  }
  return target;
}

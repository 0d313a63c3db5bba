/**
 * Seeded, deterministic generator of bilingual trade-show source data.
 *
 *   npm run generate -- --exhibitions 48 --exhibitors 360 --providers 36 --seed 42 --out sources [--format mixed|json|ndjson]
 *
 * The same arguments always produce byte-identical files. Records are streamed to disk
 * one line at a time, so large benchmark sets need little memory.
 */
import { parseArgs } from 'node:util';
import {
  generateExhibitions,
  type ExhibitionRecord,
  type ExhibitionRef,
  type GeneratedExhibition,
} from './generate/exhibitions.js';
import { generateExhibitors } from './generate/exhibitors.js';
import { planSegments, prepareOutputDir, writeCollection, type Format, type WrittenFile } from './generate/output.js';
import { generateProviders } from './generate/providers.js';
import { Random } from './generate/random.js';

interface Options {
  exhibitions: number;
  exhibitors: number;
  providers: number;
  seed: number;
  out: string;
  format: Format;
}

const USAGE =
  'usage: npm run generate -- [--exhibitions 48] [--exhibitors 360] [--providers 36] [--seed 42] [--out sources] [--format mixed|json|ndjson]';
const FORMATS: readonly Format[] = ['mixed', 'json', 'ndjson'];
const OPTION_SPECS = {
  exhibitions: { type: 'string', default: '48' },
  exhibitors: { type: 'string', default: '360' },
  providers: { type: 'string', default: '36' },
  seed: { type: 'string', default: '42' },
  out: { type: 'string', default: 'sources' },
  format: { type: 'string', default: 'mixed' },
} as const;

/** Reads and checks the command line; throws with the usage text on bad input. */
function parseOptions(args: string[]): Options {
  const values = parseFlags(args);
  const format = values.format as Format;
  if (!FORMATS.includes(format)) throw new Error(`--format must be one of ${FORMATS.join(', ')}\n${USAGE}`);
  return {
    exhibitions: count('exhibitions', values.exhibitions),
    exhibitors: count('exhibitors', values.exhibitors),
    providers: count('providers', values.providers),
    seed: count('seed', values.seed),
    out: values.out,
    format,
  };
}

function parseFlags(args: string[]) {
  try {
    return parseArgs({ args, strict: true, options: OPTION_SPECS }).values;
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

function count(name: string, text: string): number {
  if (!/^\d+$/u.test(text)) throw new Error(`--${name} must be a whole number, got "${text}"\n${USAGE}`);
  return Number(text);
}

/** Generates every collection into `options.out`; returns the files written. */
async function generate(options: Options): Promise<WrittenFile[]> {
  const { out, format, seed } = options;
  await prepareOutputDir(out);
  const exhibitionRefs: ExhibitionRef[] = [];
  const exhibitions = generateExhibitions(new Random(seed, 'exhibitions'), options.exhibitions);
  const files = await writeCollection(
    out,
    'exhibitions',
    planSegments(format, 'exhibitions', options.exhibitions),
    collectingRefs(exhibitions, exhibitionRefs),
  );
  const exhibitors = generateExhibitors(new Random(seed, 'exhibitors'), options.exhibitors, exhibitionRefs);
  files.push(
    ...(await writeCollection(out, 'exhibitors', planSegments(format, 'exhibitors', options.exhibitors), exhibitors)),
  );
  const providers = generateProviders(new Random(seed, 'service_providers'), options.providers);
  files.push(
    ...(await writeCollection(
      out,
      'service_providers',
      planSegments(format, 'service_providers', options.providers),
      providers,
    )),
  );
  return files;
}

/** Passes the exhibition records on, keeping each one's summary in `refs` for exhibitors. */
function* collectingRefs(
  exhibitions: Iterable<GeneratedExhibition>,
  refs: ExhibitionRef[],
): Generator<ExhibitionRecord> {
  for (const { record, ref } of exhibitions) {
    refs.push(ref);
    yield record;
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const options = parseOptions(process.argv.slice(2));
  const files = await generate(options);
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  const milliseconds = Math.round(performance.now() - started);
  process.stderr.write(
    `generate: seed ${options.seed}, ${options.exhibitions} exhibitions, ${options.exhibitors} exhibitors, ` +
      `${options.providers} service providers -> ${options.out} (${options.format}): ${files.length} files, ${bytes} bytes, ${milliseconds} ms\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`generate: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

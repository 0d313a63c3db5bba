#!/usr/bin/env node
/**
 * The `dataset-site` command: commander wiring only; every command is a library call. `build`
 * is here, beside the library it calls (build.ts); the other commands are in commands/, one a
 * file. Each command imports its modules when it runs, as `build` imports build.ts: a build
 * every five minutes loads none of the others', and `--version` or `--help` loads none at all.
 */
import { Command } from 'commander';
import {
  addInitDeployCommand,
  addPendingOptions,
  addMcpCommand,
  addPublishCommand,
  addQueryCommand,
  addServeCommand,
  addVerifyCommand,
  exitCodeOf,
  ignoreClosedOutput,
  parseNumber,
  parseShare,
  printDiagnostics,
  progressLine,
} from './commands/index.js';
import { SOURCE_FORMATS } from './pipeline/index.js';
import { PACKAGE_VERSION } from './shared/index.js';

ignoreClosedOutput();

const program = new Command('dataset-site')
  .description('Build, check, query and publish a static JSON API of exhibitions, exhibitors and service providers.')
  .version(PACKAGE_VERSION, '-V, --version', 'print the version of dataset-site')
  .showHelpAfterError()
  .exitOverride();

program
  .command('build')
  .description('build the site from the source records (the previous site stays untouched on failure)')
  .option(
    '--sources <dir|url>',
    `folder or file of source records (${SOURCE_FORMATS.join(', ')}), or the https:// URL of one, or of a manifest {"sources": [urls]}`,
    'sources',
  )
  .option('--fetch-timeout <seconds>', 'for remote sources: seconds one attempt may take', '30')
  .option(
    '--fetch-retries <n>',
    'for remote sources: attempts after the first, with backoff, on network errors, 408, 429 and 5xx',
    '3',
  )
  .option(
    '--allow-origin <origin>',
    'for remote sources: an origin (https://host:port) besides that of --sources that redirects and manifest entries may lead to; repeat for more. A loopback, private or link-local address is read only when named itself',
    (origin: string, origins: string[]) => [...origins, origin],
    [] as string[],
  )
  .option('--out <dir>', 'folder of the built site, replaced as a whole', 'dist')
  .option('--base-url <url>', 'absolute URL the site is served under', 'http://localhost:8080')
  .option('--skip-invalid', 'build without invalid records (each is still reported)', false)
  .option(
    '--max-shrink <share>',
    'fail when a kind has this share fewer entities than the site it replaces (10% or 0.1)',
    '10%',
  )
  .option('--allow-shrink', 'build even when the sources shrank by more than --max-shrink', false)
  .option('--changes-window <days>', 'days the changes feed (api/public/changes/) keeps what each build changed', '7')
  .option(
    '--retention <minutes>',
    'minutes a snapshot stays readable after the next build replaced it: answers paged through it, and readers in the middle of a publish, read it whole',
    '60',
  )
  .option(
    '--page-depth <pages>',
    "static pages each listing holds: a number, all, or auto (every page up to 10,000 entities, 1 above); with a number, type all holds its unfiltered pages only; a deeper window is read from the listing's leaves by the query form and the client SDK",
    'auto',
  )
  .option(
    '--partial',
    "into a folder holding only the previous build's state (.dataset-site/ and the dumps, as a workflow restores them): write the entity documents and pages that changed and the rest of the site, not the unchanged ones, for publish to send",
    false,
  )
  .action(async (options: BuildFlags) => {
    const started = Date.now();
    const { maxShrink, changesWindow, retention, fetchTimeout, fetchRetries, allowOrigin, pageDepth, ...rest } =
      options;
    const fetch = {
      timeoutMs: parseNumber(fetchTimeout) * 1000,
      retries: parseNumber(fetchRetries),
      allowOrigins: allowOrigin,
    };
    const progress = progressLine(process.stderr);
    const [{ build }, { parsePageDepth }] = await Promise.all([import('./build.js'), import('./config.js')]);
    const result = await build({
      ...rest,
      maxShrink: parseShare(maxShrink),
      changesWindowDays: parseNumber(changesWindow),
      retentionMinutes: parseNumber(retention),
      pageDepth: parsePageDepth(pageDepth),
      fetch,
      onProgress: progress.onProgress,
    }).finally(progress.end);
    printDiagnostics(result.diagnostics);
    const { exhibition, exhibitor, service_provider } = result.entities;
    const skipped = result.skipped > 0 ? `, ${result.skipped} invalid records skipped` : '';
    const { files, bytes, added, rewritten, removed, unchanged, written } = result.output;
    console.log(
      `built ${result.outDir}: ${exhibition} exhibitions, ${exhibitor} exhibitors, ${service_provider} service providers${skipped}; ` +
        `${files} files, ${(bytes / 1e6).toFixed(1)} MB; ${added} added, ${rewritten} changed, ${removed} removed, ${unchanged} unchanged (${(written / 1e6).toFixed(1)} MB written), ` +
        `${result.output.changed} documents changed${result.output.partial ? ' (a partial site: the unchanged entity documents and pages are not in the folder)' : ''}, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const total = exhibition + exhibitor + service_provider;
    console.log(
      `time per stage: ${Object.entries(result.stages)
        .map(([stage, ms]) => `${stage} ${(ms / 1000).toFixed(1)} s`)
        .join(', ')}; ${result.reused} of ${total} entities taken from the previous build`,
    );
  });

addPendingOptions(program);
addInitDeployCommand(program);
addVerifyCommand(program);
addServeCommand(program);
addMcpCommand(program);
addQueryCommand(program);
addPublishCommand(program);

/** The flags of `build`, as commander gives them. */
interface BuildFlags {
  sources: string;
  out: string;
  baseUrl: string;
  skipInvalid: boolean;
  maxShrink: string;
  allowShrink: boolean;
  changesWindow: string;
  retention: string;
  pageDepth: string;
  fetchTimeout: string;
  fetchRetries: string;
  allowOrigin: string[];
  partial: boolean;
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = exitCodeOf(error);
}

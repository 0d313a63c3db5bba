#!/usr/bin/env node
/** The `dataset-site` command: commander wiring only; every command is a library call. */
import path from 'node:path';
import { Command } from 'commander';
import { build } from './build.js';
import { UserError, formatDiagnostics, type Diagnostic } from './shared/diagnostics.js';
import type { PublishResult } from './publish/publish.js';
import { DATASET_PARAMETERS, DATASET_PARAMETER_SCHEMAS } from './query/semantics/params.js';
import { SOURCE_FORMATS } from './pipeline/sources/find-sources.js';
import { PACKAGE_VERSION } from './shared/package-version.js';
import { progressLine } from './shared/progress-line.js';
import { redactUrl } from './shared/redact-url.js';
import { DEFAULT_ROTATION_PERIOD } from './verify/selection.js';
// Each other command's modules are imported when it runs: a build every five minutes loads none of them.

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
  .option('--fetch-retries <n>', 'for remote sources: attempts after the first, with backoff, on network errors, 408, 429 and 5xx', '3')
  .option(
    '--allow-origin <origin>',
    'for remote sources: an origin (https://host:port) besides that of --sources that redirects and manifest entries may lead to; repeat for more. A loopback, private or link-local address is read only when named itself',
    (origin: string, origins: string[]) => [...origins, origin],
    [] as string[],
  )
  .option('--out <dir>', 'folder of the built site, replaced as a whole', 'dist')
  .option('--base-url <url>', 'absolute URL the site is served under', 'http://localhost:8080')
  .option('--skip-invalid', 'build without invalid records (each is still reported)', false)
  .option('--max-shrink <share>', 'fail when a kind has this share fewer entities than the site it replaces (10% or 0.1)', '10%')
  .option('--allow-shrink', 'build even when the sources shrank by more than --max-shrink', false)
  .option('--changes-window <days>', 'days the changes feed (api/public/changes/) keeps what each build changed', '7')
  .option(
    '--partial',
    "into a folder holding only the previous build's state (.dataset-site/ and the dumps, as a workflow restores them): write the entity documents and pages that changed and the rest of the site, not the unchanged ones, for publish to send",
    false,
  )
  .action(async (options: BuildFlags) => {
    const started = Date.now();
    const { maxShrink, changesWindow, fetchTimeout, fetchRetries, allowOrigin, ...rest } = options;
    const fetch = { timeoutMs: parseNumber(fetchTimeout) * 1000, retries: parseNumber(fetchRetries), allowOrigins: allowOrigin };
    const progress = progressLine(process.stderr);
    const result = await build({
      ...rest,
      maxShrink: parseShare(maxShrink),
      changesWindowDays: parseNumber(changesWindow),
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

program
  .command('init-deploy')
  .description(
    'write the deploy configuration into the project once (wrangler.toml of the Worker over R2, an nginx server block); a file already there is yours and is kept',
  )
  .option('--dir <dir>', 'folder to write it into, outside the built site', 'deploy')
  .option('--site <dir>', 'folder of the built site, which the nginx server block serves', 'dist')
  .option('--name <name>', 'name of the Worker on Cloudflare', 'dataset-site')
  .option('--bucket <name>', 'the R2 bucket publish sends the site to', 'dataset-site')
  .option('--prefix <prefix>', 'the --prefix of publish', '')
  .action(async (options: { dir: string; site: string; name: string; bucket: string; prefix: string }) => {
    const { initDeploy } = await import('./hosts/init-deploy.js');
    for (const file of await initDeploy(options)) console.log(`${file.written ? 'wrote' : 'kept (already there, yours)'} ${path.relative('.', file.path)}`);
  });

program
  .command('verify')
  .description('check a built site against the contract; exit 1 with a list of problems when anything is wrong')
  .option('--dir <dir>', 'folder of the built site', 'dist')
  .option('--changed', 'read only what the last build changed, its links both ways, and a rotating share of the rest (for the scheduled job)')
  .option('--rotation <runs>', 'with --changed: runs in which the rotating share reads every document', String(DEFAULT_ROTATION_PERIOD))
  .action(async (options: { dir: string; changed?: boolean; rotation: string }) => {
    const { verifySite } = await import('./verify/verify.js');
    const rotation = parseNumber(options.rotation);
    if (!Number.isInteger(rotation) || rotation < 1) throw new UserError(`--rotation must be a whole number of runs, at least 1 (got ${options.rotation})`, 2);
    const result = await verifySite({ dir: options.dir, changed: options.changed, rotation, onProgress: (message) => process.stderr.write(`  ${message}\n`) });
    printDiagnostics(result.problems);
    const read = `${result.read} entity documents and pages read`;
    if (result.problems.length > 0) {
      console.error(`${result.problems.length} problems in ${options.dir} (${result.documents} documents, ${read})`);
      process.exitCode = 1;
    } else console.log(`ok: ${result.documents} documents in ${options.dir} agree with the reference (${read})`);
  });

program
  .command('serve')
  .description('serve a built site locally with the full query form and headers (Ctrl-C stops it)')
  .option('--dir <dir>', 'folder of the built site', 'dist')
  .option('--port <n>', 'TCP port (0 picks a free one)', '8080')
  .option('--host <host>', 'interface to listen on', '127.0.0.1')
  .action(async (options: { dir: string; port: string; host: string }) => {
    const { serve } = await import('./serve/serve.js');
    const server = await serve({ dir: options.dir, port: parseNumber(options.port), host: options.host });
    console.log(`serving ${options.dir} at ${server.url}/ (Ctrl-C to stop)`);
    const site = new URL(server.siteBaseUrl);
    if (loopbackOrigin(site) !== loopbackOrigin(new URL(server.url))) {
      console.error(
        `warning: ${options.dir} was built for ${server.siteBaseUrl}, so every link and next page in its answers points there, not to ${server.url}. ` +
          `Rebuild it with --base-url ${server.url}${site.pathname === '/' ? '' : site.pathname}` +
          (/^(localhost|127\.0\.0\.1)$/.test(site.hostname) && site.port !== '' ? `, or serve it with --port ${site.port}` : '') +
          ', for links that lead here.',
      );
    }
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close());
  });

program
  .command('mcp')
  .description(
    'answer agents over MCP on stdin/stdout (tools: search_dataset, get_entity, list_facet_values, describe_schema) from the site deployed at --base-url',
  )
  .requiredOption('--base-url <url>', 'URL of the deployed site, where api/public/ lives (https://data.example.com)')
  .option('--timeout <seconds>', 'seconds a tool call may wait for the site before it answers an error naming the URL', '30')
  .action(async (options: { baseUrl: string; timeout: string }) => {
    const { serveMcp } = await import('./mcp/server.js');
    await serveMcp({ baseUrl: options.baseUrl, timeout: parseNumber(options.timeout) });
    // stdout carries the protocol only: anything else goes to stderr.
    console.error(`dataset-site mcp: answering from ${redactUrl(options.baseUrl)} on stdin/stdout`);
  });

const query = program
  .command('query')
  .description('print the answer to one dataset query, computed offline from a built site')
  .option('--dir <dir>', 'folder of the built site', 'dist');
for (const name of DATASET_PARAMETERS) query.option(`--${name} <value>`, DATASET_PARAMETER_SCHEMAS[name].description);
query.action(async (options: Record<string, string>) => {
  const { dir, ...params } = options;
  const { queryDataset } = await import('./site/query-dataset.js');
  const answer = await queryDataset({ dir: dir!, params });
  console.log(JSON.stringify(answer.body, null, 2));
  if (answer.status !== 200) process.exitCode = 2;
});

program
  .command('publish')
  .description('upload a built site to an S3-compatible bucket (S3, R2, GCS, MinIO): only what changed, in link order, resumable')
  .option('--dir <dir>', 'folder of the built site', 'dist')
  .option('--bucket <name>', 'bucket to publish to (required)')
  .option(
    '--endpoint <url>',
    'URL of the S3-compatible endpoint, such as https://<account>.r2.cloudflarestorage.com (default: $AWS_ENDPOINT_URL_S3, else $AWS_ENDPOINT_URL, else AWS S3)',
  )
  .option('--prefix <prefix>', 'key prefix to publish the site under (site/ gives site/api/public/…)', '')
  .option('--region <region>', "region of the bucket (default: the AWS SDK's, from $AWS_REGION or the profile; else auto)")
  .option('--force-path-style', 'address the bucket in the URL path (MinIO and local test servers need it)', false)
  .option('--concurrency <n>', 'requests under way at once', '16')
  .option(
    '--timeout <seconds>',
    'seconds a request may wait for the first byte of its answer, or go without a byte moving, before it is cut and tried again',
    '30',
  )
  .option('--request-deadline <seconds>', 'seconds one attempt of a request may take in all (raise it for large files over a slow link)', '120')
  .option(
    '--budget <seconds>',
    'seconds a publish keeps retrying (timeouts, resets, 500, 503, SlowDown) while the store answers nothing right, saying so at the first retry and at most every 10 s; then it fails with exit 74 (within 20 s when the endpoint refuses connections or does not resolve before anything answered)',
    '240',
  )
  .option(
    '--no-lease',
    "publish without the bucket's lease (.dataset-site/lease.json), for a store that ignores conditional writes; nothing then keeps two publishes apart",
  )
  .option(
    '--no-worker-check',
    "publish without checking that the Worker deployed over the bucket reads the site's format (its record .dataset-site/worker.json), when no Worker serves the bucket",
  )
  .option('--lease-ttl <seconds>', 'seconds the lease lasts unless renewed: how long a killed publish blocks the next one', '120')
  .option('--check', 'compare the bucket with the site and change nothing; exit 1 naming the first differences', false)
  .option('--dry-run', 'print what would be uploaded and deleted, in order, and change nothing', false)
  .addHelpText(
    'after',
    "\nCredentials come from the AWS SDK's default chain: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), AWS_PROFILE with ~/.aws/credentials and ~/.aws/config, SSO, container and instance roles." +
      '\nExit status: 0 published (or, with --check, the bucket equals the site); 1 the site has problems, the deployed Worker cannot read it, or --check found differences; 2 bad usage;' +
      '\n74 the store refused a request, or failed past --budget; 75 another publish holds the lease (the message names it and when it expires).',
  )
  .action(async (options: PublishFlags) => {
    const started = Date.now();
    // The S3 client loads only for this command; its notice that SDK releases after January
    // 2027 need Node 22 is for whoever upgrades the SDK (package-lock.json pins one for Node 20).
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const { check, timeout, requestDeadline, budget, leaseTtl, ...rest } = options;
    const publishOptions = {
      ...rest,
      bucket: options.bucket ?? '',
      concurrency: parseNumber(options.concurrency),
      timeout: parseNumber(timeout),
      requestDeadline: parseNumber(requestDeadline),
      budget: parseNumber(budget),
      leaseTtl: parseNumber(leaseTtl),
      onRetry: (line: string) => process.stderr.write(`  ${line}\n`),
    };
    if (check) {
      const { checkPublished } = await import('./publish/check.js');
      const drift = await checkPublished(publishOptions);
      if (drift.differences.length === 0) console.log(`${drift.where} holds the site in ${options.dir}: ${drift.checked} objects checked, no difference`);
      else {
        for (const difference of drift.differences.slice(0, 10)) console.error(`  ${difference.path}: ${difference.problem}`);
        console.error(
          `error: ${drift.where} differs from the site in ${options.dir}: ${drift.differences.length} object(s) (the first ${Math.min(10, drift.differences.length)} above); run publish to repair them`,
        );
        process.exitCode = 1;
      }
      return;
    }
    const { publishSite } = await import('./publish/publish.js');
    const result = await publishSite({ ...publishOptions, onProgress: (done, total) => process.stderr.write(`  published ${done}/${total} objects…\n`) });
    if (result.workerCheck !== undefined) console.error(result.workerCheck);
    if (options.dryRun) printPlan(result);
    else {
      const resumed = result.resumed ? `, ${result.alreadyUploaded} already uploaded by an interrupted publish` : '';
      const repaired = result.repaired > 0 ? `, ${result.repaired} repaired (changed in the bucket since the last publish)` : '';
      const strays = result.strays > 0 ? ` (${result.strays} of them listed in no manifest)` : '';
      const headers = result.headersChecked > 0 ? `, the headers of ${result.headersChecked} read` : '';
      console.log(
        `published ${result.where}: ${result.uploaded} uploaded, ${result.deleted} deleted${strays}, ${result.unchanged} unchanged${resumed}${repaired}${headers}; ` +
          `${(result.bytes / 1e6).toFixed(1)} MB, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  });

/** The flags of `publish`, as commander gives them. */
interface PublishFlags {
  dir: string;
  bucket?: string;
  endpoint?: string;
  prefix: string;
  region?: string;
  forcePathStyle: boolean;
  concurrency: string;
  timeout: string;
  requestDeadline: string;
  budget: string;
  lease: boolean;
  workerCheck: boolean;
  leaseTtl: string;
  check: boolean;
  dryRun: boolean;
}

function printPlan(result: PublishResult): void {
  let uploads = 0;
  let deletions = 0;
  for (const phase of result.phases) {
    if (phase.action === 'write-manifest') console.log(`${phase.name}`);
    else {
      console.log(`${phase.action} ${phase.name} (${phase.paths.length}):`);
      for (const file of phase.paths) console.log(`  ${file}`);
      if (phase.action === 'upload') uploads += phase.paths.length;
      else deletions += phase.paths.length;
    }
  }
  const resumed = result.resumed ? ' (an interrupted publish is finished: files it already uploaded are skipped then)' : '';
  console.log(`dry run, ${result.where}: would upload ${uploads}, delete ${deletions}; ${result.unchanged} unchanged${resumed}`);
}

// An origin with the loopback names made one: a site built for localhost:8080 is served right by 127.0.0.1:8080.
function loopbackOrigin(url: URL): string {
  const loopback = /^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname);
  return loopback ? `${url.protocol}//loopback:${url.port}` : url.origin;
}

/** The flags of `build`, as commander gives them. */
interface BuildFlags {
  sources: string;
  out: string;
  baseUrl: string;
  skipInvalid: boolean;
  maxShrink: string;
  allowShrink: boolean;
  changesWindow: string;
  fetchTimeout: string;
  fetchRetries: string;
  allowOrigin: string[];
  partial: boolean;
}

// The one way the command line reads a number: plain decimal digits (`30`, `2.5`, spaces around
// allowed); anything else (`-1`, `1e3`, `0x10`, ``) becomes NaN, which each option's check refuses
// as bad usage, naming the option (whole numbers are checked there too).
function parseNumber(text: string): number {
  return /^\s*\d+(?:\.\d+)?\s*$/.test(text) ? Number(text) : NaN;
}

// `10%` or `0.1`; anything else becomes NaN, which resolveConfig refuses as bad usage.
function parseShare(text: string): number {
  const percent = /^(.*)%\s*$/.exec(text);
  return percent ? parseNumber(percent[1]!) / 100 : parseNumber(text);
}

function printDiagnostics(diagnostics: readonly Diagnostic[]): void {
  if (diagnostics.length > 0) console.error(formatDiagnostics(diagnostics));
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = exitCodeOf(error);
}

function exitCodeOf(error: unknown): number {
  if (error instanceof UserError) {
    if (error.diagnostics.length > 0) console.error(formatDiagnostics(error.diagnostics));
    console.error(`error: ${error.message}`);
    return error.exitCode;
  }
  const code = (error as { code?: string; exitCode?: number }).code;
  if (typeof code === 'string' && code.startsWith('commander.')) {
    return code === 'commander.helpDisplayed' || code === 'commander.version' || code === 'commander.help' ? 0 : 2;
  }
  if (isSystemError(error)) {
    // The machine refused (disk full, permissions, too many open files): say what and where, no stack.
    console.error(`error: ${error.message}`);
    return 74;
  }
  console.error(error);
  return 70;
}

/** An error raised by the operating system through Node (`ENOSPC`, `EACCES`, …). */
function isSystemError(error: unknown): error is NodeJS.ErrnoException & { code: string } {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

/** `dataset-site publish`: a built site uploaded to an S3-compatible bucket, checked against it, or its plan printed. */
import type { Command } from 'commander';
import type { PublishResult } from '../publish/index.js';
import { parseNumber } from './flags.js';

/** Adds `publish` to `program`. */
export function addPublishCommand(program: Command): void {
  program
    .command('publish')
    .description(
      'upload a built site to an S3-compatible bucket (S3, R2, GCS, MinIO): only what changed, in link order, resumable',
    )
    .option('--dir <dir>', 'folder of the built site', 'dist')
    .option('--bucket <name>', 'bucket to publish to (required)')
    .option(
      '--endpoint <url>',
      'URL of the S3-compatible endpoint, such as https://<account>.r2.cloudflarestorage.com (default: $AWS_ENDPOINT_URL_S3, else $AWS_ENDPOINT_URL, else AWS S3)',
    )
    .option('--prefix <prefix>', 'key prefix to publish the site under (site/ gives site/api/public/…)', '')
    .option(
      '--region <region>',
      "region of the bucket (default: the AWS SDK's, from $AWS_REGION or the profile; else auto)",
    )
    .option('--force-path-style', 'address the bucket in the URL path (MinIO and local test servers need it)', false)
    .option('--concurrency <n>', 'requests under way at once', '16')
    .option(
      '--timeout <seconds>',
      'seconds a request may wait for the first byte of its answer, or go without a byte moving, before it is cut and tried again',
      '30',
    )
    .option(
      '--request-deadline <seconds>',
      'seconds one attempt of a request may take in all (raise it for large files over a slow link)',
      '120',
    )
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
    .option(
      '--lease-ttl <seconds>',
      'seconds the lease lasts unless renewed: how long a killed publish blocks the next one',
      '120',
    )
    .option(
      '--check',
      'compare the bucket with the site and change nothing; exit 1 naming the first differences',
      false,
    )
    .option('--dry-run', 'print what would be uploaded and deleted, in order, and change nothing', false)
    .addHelpText(
      'after',
      '\nIt sends only the files the build wrote (its manifest in .dataset-site/ lists them), never the hidden ones: a site folder holding any other file' +
        ' (a deploy/wrangler.toml, a note) is refused before anything is sent, exit 1, naming each, as everything in the bucket is public.' +
        "\nCredentials come from the AWS SDK's default chain: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), AWS_PROFILE with ~/.aws/credentials and ~/.aws/config, SSO, container and instance roles." +
        '\nExit status: 0 published (or, with --check, the bucket equals the site); 1 the site has problems (files the build did not write among them), the deployed Worker cannot read it, or --check found differences; 2 bad usage;' +
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
        const { checkPublished } = await import('../publish/index.js');
        const drift = await checkPublished(publishOptions);
        if (drift.differences.length === 0)
          console.log(
            `${drift.where} holds the site in ${options.dir}: ${drift.checked} objects checked, no difference`,
          );
        else {
          for (const difference of drift.differences.slice(0, 10))
            console.error(`  ${difference.path}: ${difference.problem}`);
          console.error(
            `error: ${drift.where} differs from the site in ${options.dir}: ${drift.differences.length} object(s) (the first ${Math.min(10, drift.differences.length)} above); run publish to repair them`,
          );
          process.exitCode = 1;
        }
        return;
      }
      const { publishSite } = await import('../publish/index.js');
      const result = await publishSite({
        ...publishOptions,
        onProgress: (done, total) => process.stderr.write(`  published ${done}/${total} objects…\n`),
      });
      if (result.workerCheck !== undefined) console.error(result.workerCheck);
      if (options.dryRun) printPlan(result);
      else {
        const resumed = result.resumed ? `, ${result.alreadyUploaded} already uploaded by an interrupted publish` : '';
        const repaired =
          result.repaired > 0 ? `, ${result.repaired} repaired (changed in the bucket since the last publish)` : '';
        const strays = result.strays > 0 ? ` (${result.strays} of them listed in no manifest)` : '';
        const headers = result.headersChecked > 0 ? `, the headers of ${result.headersChecked} read` : '';
        console.log(
          `published ${result.where}: ${result.uploaded} uploaded, ${result.deleted} deleted${strays}, ${result.unchanged} unchanged${resumed}${repaired}${headers}; ` +
            `${(result.bytes / 1e6).toFixed(1)} MB, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      }
    });
}

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
  const resumed = result.resumed
    ? ' (an interrupted publish is finished: files it already uploaded are skipped then)'
    : '';
  console.log(
    `dry run, ${result.where}: would upload ${uploads}, delete ${deletions}; ${result.unchanged} unchanged${resumed}`,
  );
}

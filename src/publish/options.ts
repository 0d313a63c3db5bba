/** What a user gives a publish ({@link PublishOptions}) and the filled-in form ({@link ResolvedPublishOptions}). */
import path from 'node:path';
import { UserError, redactUrl, resolveKeyPrefix } from '../shared/index.js';
import { environmentEndpoint } from './aws-defaults.js';

/** Keys of an S3-compatible store. */
export interface PublishCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** Options of {@link publishSite}. */
export interface PublishOptions {
  /** Folder of the built site. @default 'dist' */
  dir?: string;
  /** Name of the bucket to publish to (required). */
  bucket: string;
  /**
   * URL of the S3-compatible endpoint: `https://<account>.r2.cloudflarestorage.com` (R2),
   * `https://storage.googleapis.com` (GCS), `http://host:9000` (MinIO).
   * @default process.env.AWS_ENDPOINT_URL_S3, else process.env.AWS_ENDPOINT_URL, else AWS S3 of the region
   */
  endpoint?: string;
  /** Region of the bucket. @default the AWS SDK's (AWS_REGION, the profile's region), else 'auto' (R2) */
  region?: string;
  /** Key prefix the site's paths are put under (`site/` puts `site/api/public/…`). @default '' */
  prefix?: string;
  /** Address the bucket in the path (`endpoint/bucket/key`), as MinIO and local test servers need. @default false */
  forcePathStyle?: boolean;
  /**
   * Keys of the store; never written anywhere. @default the AWS SDK's default chain: the
   * environment (AWS_ACCESS_KEY_ID, …), AWS_PROFILE with the shared credentials and config
   * files, SSO, web identity, container and instance roles
   */
  credentials?: PublishCredentials;
  /** Requests under way at once. @default 16 */
  concurrency?: number;
  /**
   * Seconds a request may wait for the first byte of its answer, or go without a byte
   * moving, before it is cut and tried again. @default 30
   */
  timeout?: number;
  /** Seconds one attempt of a request may take in all, however its bytes move. @default 120 */
  requestDeadline?: number;
  /**
   * Seconds a publish keeps retrying while the store answers nothing right (timeouts, resets,
   * 500, 503, `SlowDown`); then it fails with exit 74, naming the key and the last failure.
   * A store that stops answering ends a publish within this (and so within 5 minutes by default). @default 240
   */
  budget?: number;
  /**
   * Take the bucket's lease (`.dataset-site/lease.json`, a conditional PUT) so that one
   * publish runs at a time; without it, nothing keeps two publishes apart. @default true
   */
  lease?: boolean;
  /** Seconds a lease lasts unless renewed: how long a killed publish blocks the next one. @default 120 */
  leaseTtl?: number;
  /**
   * Refuse a site the Worker deployed over the bucket cannot read, as its record in the
   * bucket (`.dataset-site/worker.json`) says. @default true
   */
  workerCheck?: boolean;
  /** Read both sides and plan, but upload and delete nothing. @default false */
  dryRun?: boolean;
  /** Called with the objects published so far and in all, about once a second and at the end. @default none */
  onProgress?: (done: number, total: number) => void;
  /** Called with a line when requests start failing and are retried, then at most every 10 s while they go on failing. @default none */
  onRetry?: (line: string) => void;
}

/** Publish options with every default filled in. */
export interface ResolvedPublishOptions {
  dir: string;
  bucket: string;
  endpoint: string | undefined;
  /** The flag's region; `undefined`: the SDK's chain, else `auto` (aws-defaults.ts). */
  region: string | undefined;
  /** Empty, or ending in `/`. */
  prefix: string;
  forcePathStyle: boolean;
  /** `undefined`: the SDK's default chain. */
  credentials: PublishCredentials | undefined;
  concurrency: number;
  /** Milliseconds a request may wait for its first byte or stay idle. */
  timeoutMs: number;
  /** Milliseconds one attempt may take in all. */
  requestDeadlineMs: number;
  /** Milliseconds of failing requests a publish retries. */
  budgetMs: number;
  lease: boolean;
  leaseTtlMs: number;
  workerCheck: boolean;
  dryRun: boolean;
  onProgress: (done: number, total: number) => void;
  onRetry: (line: string) => void;
}

/** Fills in defaults and checks the options; bad or missing ones are a usage error (exit 2). */
export function resolvePublishOptions(
  options: PublishOptions,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedPublishOptions {
  if (!options.bucket) throw new UserError('--bucket is required: the name of the bucket to publish the site to', 2);
  const given =
    options.endpoint === undefined ? environmentEndpoint(env) : { endpoint: options.endpoint, from: '--endpoint' };
  const endpoint = given?.endpoint.replace(/\/+$/, '');
  if (endpoint !== undefined && !/^https?:\/\/[^/\s?#]+(?:\/\S*)?$/.test(endpoint))
    throw new UserError(
      `${given!.from} must be an http(s) URL, such as https://<account>.r2.cloudflarestorage.com; got ${JSON.stringify(redactUrl(given!.endpoint))}`,
      2,
    );
  const prefix = resolveKeyPrefix(options.prefix ?? '');
  const concurrency = options.concurrency ?? 16;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256)
    throw new UserError(`--concurrency must be a whole number from 1 to 256; got ${options.concurrency}`, 2);
  const timeout = options.timeout ?? 30;
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > 600)
    throw new UserError(`--timeout must be a number of seconds above 0, at most 600; got ${options.timeout}`, 2);
  const seconds = (value: number | undefined, fallback: number, flag: string, max: number) => {
    const given = value ?? fallback;
    if (!Number.isFinite(given) || given <= 0 || given > max)
      throw new UserError(`${flag} must be a number of seconds above 0, at most ${max}; got ${value}`, 2);
    return Math.round(given * 1000);
  };
  const requestDeadlineMs = seconds(options.requestDeadline, 120, '--request-deadline', 3600);
  const budgetMs = seconds(options.budget, 240, '--budget', 86_400);
  const leaseTtlMs = seconds(options.leaseTtl, 120, '--lease-ttl', 3600);
  return {
    dir: path.resolve(options.dir ?? 'dist'),
    bucket: options.bucket,
    endpoint,
    region: options.region,
    prefix,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    concurrency,
    timeoutMs: Math.round(timeout * 1000),
    requestDeadlineMs,
    budgetMs,
    lease: options.lease ?? true,
    leaseTtlMs,
    workerCheck: options.workerCheck ?? true,
    dryRun: options.dryRun ?? false,
    onProgress: options.onProgress ?? (() => {}),
    onRetry: options.onRetry ?? (() => {}),
  };
}

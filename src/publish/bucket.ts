/**
 * The S3 side of a publish: the few requests it makes, on keys named by site path under
 * the key prefix. Any S3-compatible store answers them (S3, R2, GCS's interoperability
 * API, MinIO): path-style addressing on request, one DeleteObject per key (GCS has no
 * multi-object delete), and Content-MD5 instead of the newer checksum headers, which
 * not every such store accepts. Every request has deadlines that end it (connect, first
 * byte, no byte moving, the whole request) and is retried within the publish's budget (retry-budget.ts).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { UserError, redactUrl } from '../shared/index.js';
import { isNoSuchKey, isPreconditionFailed, requestFailure } from './failures.js';
import type { ObjectHeaders } from './object-headers.js';
import type { ResolvedPublishOptions } from './options.js';
import { createRetrier } from './retry-budget.js';
import { retryLines } from './retry-lines.js';
import { defaultRegion, noCredentials } from './aws-defaults.js';
import { forEachLimit } from './pool.js';

/** An object as the bucket's listing tells it: its ETag (without quotes), size in bytes and last-modified time (milliseconds, as a string; `''` when not told). */
export interface ListedObject {
  etag: string;
  size: number;
  lastModified: string;
}

/** The headers an object is served with, as a HEAD request tells them (`undefined`: none): those a PUT sets or leaves out. */
export interface ObjectHead {
  contentType: string | undefined;
  cacheControl: string | undefined;
  contentEncoding: string | undefined;
  contentDisposition: string | undefined;
  contentLanguage: string | undefined;
  expires: string | undefined;
}

/** A text object and its ETag (without quotes). */
export interface ReadObject {
  text: string;
  etag: string;
}

/** What a write may require of the object it replaces: none there (`ifNoneMatch: '*'`), or the one of this ETag. */
export interface WriteCondition {
  ifNoneMatch?: '*';
  ifMatch?: string;
}

/** A bucket (and key prefix) a site is published to. */
export interface Bucket {
  /** `s3://bucket/prefix at endpoint`, for messages. */
  readonly where: string;
  /** The text of the object at a site path, or `undefined` when there is none. */
  read(path: string): Promise<string | undefined>;
  /** The text and ETag of the object at a site path, or `undefined` when there is none. */
  readObject(path: string): Promise<ReadObject | undefined>;
  /**
   * Writes the object at a site path and returns its ETag (without quotes); `md5` is the
   * base64 MD5 of `body`, which the store checks. With a `condition`, `undefined` when the
   * store refused the write because the condition did not hold (412, or 409 for a race).
   */
  write(
    path: string,
    body: Uint8Array | string,
    headers: ObjectHeaders,
    md5?: string,
    condition?: WriteCondition,
  ): Promise<string | undefined>;
  /** The headers of the object at a site path (one HEAD request), or `undefined` when there is none. */
  head(path: string): Promise<ObjectHead | undefined>;
  /** Deletes the object at a site path (none there is no error). */
  delete(path: string): Promise<void>;
  /**
   * Site path → ETag and size of every object under the prefix: one request per 1,000
   * objects, the key space cut after each of `splits` (site paths in the store's order,
   * {@link listSplits}) and its ranges listed side by side, `concurrency` at a time.
   */
  list(splits?: readonly string[]): Promise<Map<string, ListedObject>>;
  /** Closes the connections. */
  close(): void;
}

/** Opens the bucket the options name. No request is made until one is asked for. */
export function openBucket(options: ResolvedPublishOptions): Bucket {
  const { bucket: Bucket, prefix, endpoint, region } = options;
  const client = new S3Client({
    region: region ?? defaultRegion,
    ...(endpoint === undefined ? {} : { endpoint }),
    forcePathStyle: options.forcePathStyle,
    // None given: the SDK's default chain (aws-defaults.ts).
    ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Retries are retry-budget.ts's, under one budget for the publish, not the SDK's per request.
    maxAttempts: 1,
    requestHandler: {
      // Connect; the first byte of the answer (the SDK only warns past it unless told to throw);
      // then no byte moving. retry-budget.ts ends the whole request at its deadline.
      connectionTimeout: Math.min(10_000, options.timeoutMs),
      requestTimeout: options.timeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: options.timeoutMs,
      // One socket per request under way, so none waits for another.
      httpAgent: { keepAlive: true, maxSockets: options.concurrency },
      httpsAgent: { keepAlive: true, maxSockets: options.concurrency },
    },
  });
  const where = `s3://${Bucket}/${prefix} at ${endpoint === undefined ? `AWS S3${region === undefined ? '' : ` (${region})`}` : redactUrl(endpoint)}`;
  const retrier = createRetrier({
    budgetMs: options.budgetMs,
    requestDeadlineMs: options.requestDeadlineMs,
    onRetry: retryLines(options.onRetry),
  });
  // Runs a request with retries; a failure a retry cannot mend becomes one line naming it.
  const send = <T>(what: string, attempt: (signal: AbortSignal) => Promise<T>) =>
    retrier
      .run(`${what} in ${where}`, attempt)
      .catch((error: unknown) =>
        Promise.reject(
          error instanceof UserError
            ? error
            : (noCredentials(error) ?? Object.assign(requestFailure(error, `${what} in ${where}`), { cause: error })),
        ),
      );
  const causeOf = (error: unknown) => (error instanceof UserError && error.cause !== undefined ? error.cause : error);
  const readObject = (path: string) =>
    send(`cannot read ${prefix}${path}`, async (abortSignal) => {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: prefix + path }), { abortSignal });
      return { text: await answer.Body!.transformToString(), etag: unquote(answer.ETag) };
    }).catch((error: unknown) => (isNoSuchKey(causeOf(error)) ? undefined : Promise.reject(error)));
  return {
    where,
    read: async (path) => (await readObject(path))?.text,
    readObject,
    write: (path, body, headers, md5, condition) => {
      const input = {
        Bucket,
        Key: prefix + path,
        Body: body,
        ContentType: headers.contentType,
        CacheControl: headers.cacheControl,
        ContentMD5: md5,
        IfNoneMatch: condition?.ifNoneMatch,
        IfMatch: quote(condition?.ifMatch),
      };
      // The SDK counts the first byte's deadline from the request's start: an upload's body goes first, under the stall and whole-request deadlines.
      const requestTimeout = options.requestDeadlineMs;
      return send(`cannot upload ${prefix}${path}`, async (abortSignal) =>
        unquote((await client.send(new PutObjectCommand(input), { abortSignal, requestTimeout })).ETag),
      ).catch((error: unknown) => {
        const cause = causeOf(error);
        const refused =
          isPreconditionFailed(cause) ||
          (cause as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 409;
        return condition !== undefined && refused ? undefined : Promise.reject(error);
      });
    },
    head: (path) =>
      send(`cannot read the headers of ${prefix}${path}`, async (abortSignal) => {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: prefix + path }), { abortSignal });
        return {
          contentType: answer.ContentType,
          cacheControl: answer.CacheControl,
          contentEncoding: answer.ContentEncoding,
          contentDisposition: answer.ContentDisposition,
          contentLanguage: answer.ContentLanguage,
          expires: answer.ExpiresString ?? answer.Expires?.toUTCString(),
        };
      }).catch((error: unknown) => (isNoSuchKey(causeOf(error)) ? undefined : Promise.reject(error))),
    delete: async (path) => {
      await send(`cannot delete ${prefix}${path}`, (abortSignal) =>
        client.send(new DeleteObjectCommand({ Bucket, Key: prefix + path }), { abortSignal }),
      );
    },
    list: async (splits = []) => {
      const objects = new Map<string, ListedObject>();
      // The range after `after` (none: from the start) up to `last` (none: to the end), page after page.
      const listRange = async (after: string | undefined, last: string | undefined) => {
        const end = last === undefined ? undefined : Buffer.from(prefix + last);
        let token: string | undefined;
        do {
          const input = {
            Bucket,
            Prefix: prefix,
            ContinuationToken: token,
            StartAfter: token === undefined && after !== undefined ? prefix + after : undefined,
          };
          const page = await send('cannot list the objects', (abortSignal) =>
            client.send(new ListObjectsV2Command(input), { abortSignal }),
          );
          for (const { Key, ETag, Size, LastModified } of page.Contents ?? []) {
            if (Key === undefined || ETag === undefined) continue;
            if (end !== undefined && Buffer.compare(Buffer.from(Key), end) > 0) return; // the next range's
            objects.set(Key.slice(prefix.length), {
              etag: unquote(ETag),
              size: Size ?? 0,
              lastModified: timeOf(LastModified),
            });
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token !== undefined);
      };
      const ranges = [undefined, ...splits].map((after, i) => ({ after, last: splits[i] }));
      await forEachLimit(ranges, options.concurrency, ({ after, last }) => listRange(after, last));
      return objects;
    },
    close: () => client.destroy(),
  };
}

// Kept as milliseconds, to compare one listing's with another's.
function timeOf(date: Date | undefined): string {
  return date === undefined ? '' : String(date.getTime());
}

function unquote(etag: string | undefined): string {
  return (etag ?? '').replace(/"/g, '');
}

function quote(etag: string | undefined): string | undefined {
  return etag === undefined ? undefined : `"${etag}"`;
}

/** Keys a listing range holds, about: 20 pages of 1,000, so that a few ranges keep the requests under way and each costs little. */
const KEYS_PER_RANGE = 20_000;

/**
 * Where to cut a listing of a bucket holding about `paths` (site paths) into ranges for
 * {@link Bucket.list}: every {@link KEYS_PER_RANGE}th path in the store's order, the order of
 * their UTF-8 bytes. Objects the site does not hold fall in some range all the same.
 */
export function listSplits(paths: Iterable<string>): string[] {
  const sorted = [...paths].map((path) => Buffer.from(path)).sort(Buffer.compare);
  const splits: string[] = [];
  for (let i = KEYS_PER_RANGE; i < sorted.length; i += KEYS_PER_RANGE) splits.push(sorted[i - 1]!.toString());
  return splits;
}

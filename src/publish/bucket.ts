/**
 * The S3 side of a publish: the few requests it makes, on keys named by site path under
 * the key prefix. Any S3-compatible store answers them (S3, R2, GCS's interoperability
 * API, MinIO): path-style addressing on request, one DeleteObject per key (GCS has no
 * multi-object delete), and Content-MD5 instead of the newer checksum headers, which
 * not every such store accepts.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import { UserError } from '../diagnostics.js';
import type { ObjectHeaders } from './object-headers.js';
import type { ResolvedPublishOptions } from './options.js';

/** A bucket (and key prefix) a site is published to. */
export interface Bucket {
  /** `s3://bucket/prefix at endpoint`, for messages. */
  readonly where: string;
  /** The text of the object at a site path, or `undefined` when there is none. */
  read(path: string): Promise<string | undefined>;
  /** Writes the object at a site path; `md5` is the base64 MD5 of `body`, which the store checks. */
  write(path: string, body: Uint8Array | string, headers: ObjectHeaders, md5?: string): Promise<void>;
  /** Deletes the object at a site path (none there is no error). */
  delete(path: string): Promise<void>;
  /** Site path → ETag (without quotes) of every object under the prefix. */
  list(): Promise<Map<string, string>>;
  /** Closes the connections. */
  close(): void;
}

/** Opens the bucket the options name. No request is made until one is asked for. */
export function openBucket(options: ResolvedPublishOptions): Bucket {
  const { bucket: Bucket, prefix, endpoint, region } = options;
  const client = new S3Client({
    region,
    ...(endpoint === undefined ? {} : { endpoint }),
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An endpoint that stops answering fails the publish rather than hanging it: a request
    // idle past the timeout is cut (the SDK's requestTimeout only warns) and tried again,
    // 3 attempts with backoff and jitter, so a dead store ends a publish in about 3 timeouts.
    // An upload that keeps moving is never cut, however large. One socket per request under
    // way, so none waits for another.
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: Math.min(10_000, options.timeoutMs),
      socketTimeout: options.timeoutMs,
      httpAgent: { keepAlive: true, maxSockets: options.concurrency },
      httpsAgent: { keepAlive: true, maxSockets: options.concurrency },
    },
  });
  const where = `s3://${Bucket}/${prefix} at ${endpoint ?? `AWS S3 (${region})`}`;
  const failed = (action: string, path: string) => (error: unknown) => Promise.reject(requestFailure(error, `${action} ${prefix}${path} in ${where}`));
  return {
    where,
    read: (path) =>
      client.send(new GetObjectCommand({ Bucket, Key: prefix + path })).then(
        (answer) => answer.Body!.transformToString(),
        (error: { name?: string; $metadata?: { httpStatusCode?: number } }) =>
          error.name === 'NoSuchKey' || (error.$metadata?.httpStatusCode === 404 && error.name !== 'NoSuchBucket') ? undefined : failed('cannot read', path)(error),
      ),
    write: async (path, body, headers, md5) => {
      const command = new PutObjectCommand({ Bucket, Key: prefix + path, Body: body, ContentType: headers.contentType, CacheControl: headers.cacheControl, ContentMD5: md5 });
      await client.send(command).catch(failed('cannot upload', path));
    },
    delete: async (path) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: prefix + path })).catch(failed('cannot delete', path));
    },
    list: async () => {
      const etags = new Map<string, string>();
      try {
        for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
          for (const { Key, ETag } of page.Contents ?? []) if (Key !== undefined && ETag !== undefined) etags.set(Key.slice(prefix.length), ETag.replace(/"/g, ''));
        }
      } catch (error) {
        throw requestFailure(error, `cannot list the objects of ${where}`);
      }
      return etags;
    },
    close: () => client.destroy(),
  };
}

// One line: what was asked, and the store's error code (or the network's) with its message.
function requestFailure(error: unknown, what: string): UserError {
  const { name, code, message, $metadata } = error as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const label = code ?? name ?? 'Error';
  const status = $metadata?.httpStatusCode === undefined ? '' : ` (HTTP ${$metadata.httpStatusCode})`;
  const text = message && message !== label ? `: ${message.split('\n')[0]}` : '';
  return new UserError(`${what}: ${label}${status}${text}`, 74);
}

/**
 * A real S3-compatible server for tests: s3rver in a process of its own on 127.0.0.1,
 * behind a small proxy that logs every write in the order s3rver finished it and can cut
 * connections, to make a publish fail midway. Nothing leaves the machine.
 *
 * s3rver 3.7 ignores `If-None-Match` and `If-Match` on PUT (it overwrites; checked, and so
 * do @20minutes/s3rver 5.0, fauxqs 2.4 and amplify-storage-simulator 1.11, the S3 servers
 * npm has; Debian's radosgw needs a Ceph cluster). So by default the s3rver process gets a
 * small layer of S3's documented semantics for them, in front of its router and over its
 * own store (`CONDITIONAL_WRITES` below): `If-None-Match: *` on an existing key and
 * `If-Match` on another ETag are 412 `PreconditionFailed`, `If-Match` on no key 404
 * `NoSuchKey`, and conditional writes of one key run one at a time. That layer is ours, not
 * S3's: tests with it show publish's use of the conditions, not that a store honours them;
 * `conditionalWrites: false` leaves s3rver as it is, to show publish refusing such a store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, S3Client, paginateListObjectsV2 } from '@aws-sdk/client-s3';

/** The keys s3rver accepts. */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A write as s3rver finished it: `PUT` or `DELETE`, of a key of a bucket. */
export interface LoggedWrite {
  method: 'PUT' | 'DELETE';
  bucket: string;
  key: string;
}

/** An object as read back: its bytes and the headers it is served with. */
export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

/** A running local S3 server. */
export interface LocalS3 {
  /** The proxy's URL, to publish to (path-style). */
  endpoint: string;
  /** Every successful write through the proxy, in order. */
  writes: LoggedWrite[];
  /** A new, empty bucket; returns its name. */
  createBucket(): Promise<string>;
  /** Key → object of everything in a bucket, read past the proxy. */
  readBucket(bucket: string): Promise<Map<string, StoredObject>>;
  /** Lets the next `count` PUTs through and cuts the connection of every later one; `undefined` lets all through again. */
  cutPutsAfter(count: number | undefined): void;
  close(): Promise<void>;
}

/** Options of {@link startLocalS3}. */
export interface LocalS3Options {
  /** Give s3rver S3's semantics of `If-None-Match` and `If-Match` on PUT (see above). @default true */
  conditionalWrites?: boolean;
}

/** Starts s3rver and its proxy on free ports of 127.0.0.1. */
export async function startLocalS3({ conditionalWrites = true }: LocalS3Options = {}): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'ds-s3-'));
  const { server, port: s3Port } = await runS3rver(directory, conditionalWrites);
  const direct = new S3Client({
    endpoint: `http://127.0.0.1:${s3Port}`,
    region: 'auto',
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
  });
  const writes: LoggedWrite[] = [];
  let putsLeft: number | undefined;
  const agent = new http.Agent({ keepAlive: true });
  const proxy = http.createServer((request, response) => {
    if (request.method === 'PUT' && putsLeft !== undefined && putsLeft-- <= 0) {
      request.socket.destroy();
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: s3Port, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
        answer.on('end', () => {
          const write = loggedWrite(request.method!, request.url!);
          if (write !== undefined && answer.statusCode! < 300) writes.push(write);
        });
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  let buckets = 0;
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    writes,
    async createBucket() {
      const name = `site-${++buckets}`;
      await direct.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async readBucket(bucket) {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client: direct }, { Bucket: bucket }))
        keys.push(...(page.Contents ?? []).map(({ Key }) => Key!));
      const objects = new Map<string, StoredObject>();
      const read = async (Key: string) => {
        const answer = await direct.send(new GetObjectCommand({ Bucket: bucket, Key }));
        objects.set(Key, {
          body: Buffer.from(await answer.Body!.transformToByteArray()),
          contentType: answer.ContentType,
          cacheControl: answer.CacheControl,
        });
      };
      for (let start = 0; start < keys.length; start += 16) await Promise.all(keys.slice(start, start + 16).map(read));
      return objects;
    },
    cutPutsAfter(count) {
      putsLeft = count;
    },
    async close() {
      direct.destroy();
      agent.destroy();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      server.kill();
      await once(server, 'exit');
      await rm(directory, { recursive: true, force: true });
    },
  };
}

// A path-style object write: /bucket/key, the key percent-encoded.
function loggedWrite(method: string, url: string): LoggedWrite | undefined {
  const match = /^\/([^/?]+)\/([^?]+)/.exec(url);
  if ((method !== 'PUT' && method !== 'DELETE') || match === null) return undefined;
  return { method, bucket: match[1]!, key: decodeURIComponent(match[2]!) };
}

// S3's conditional PUT, over s3rver's store, as a Koa middleware run before its router (source text for S3RVER_MAIN).
const CONDITIONAL_WRITES = `(store) => {
  const queues = new Map();
  const fail = (ctx, status, code, message) => {
    ctx.req.resume();
    ctx.status = status;
    ctx.type = 'application/xml';
    ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>' + code + '</Code><Message>' + message + '</Message></Error>';
  };
  return async (ctx, next) => {
    const ifNoneMatch = ctx.get('if-none-match');
    const ifMatch = ctx.get('if-match');
    const match = /^\\/([^/]+)\\/(.+)$/.exec(ctx.path);
    if (ctx.method !== 'PUT' || (!ifNoneMatch && !ifMatch) || match === null) return next();
    const [, bucket, key] = match;
    const id = bucket + '/' + decodeURIComponent(key);
    const before = queues.get(id) ?? Promise.resolve();
    let done;
    const mine = before.then(() => new Promise((resolve) => (done = resolve)));
    queues.set(id, mine);
    await before;
    try {
      const metadata = await store.getMetadata(bucket, decodeURIComponent(key)).catch((error) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
      if (ifNoneMatch === '*' && metadata !== undefined) return fail(ctx, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
      if (ifMatch && metadata === undefined) return fail(ctx, 404, 'NoSuchKey', 'The specified key does not exist.');
      if (ifMatch && ifMatch !== metadata.etag) return fail(ctx, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
      await next();
    } finally {
      done();
      if (queues.get(id) === mine) queues.delete(id);
    }
  };
}`;

// S3 lists keys in the order of their UTF-8 bytes; s3rver 3.7 walks its folders, so that
// `a/b.json` comes before `a.json` ('/' is a folder to it, '.' sorts first to S3). Its store
// lists here from the bucket's keys in S3's order, kept until the bucket is written, and
// reads the metadata of the page's keys alone: a listing of n keys in pages of 1,000 reads
// the folders once, not once a page, and never the metadata of every object at once
// (which stalls s3rver for minutes at 127,000 objects). Source text for S3RVER_MAIN; a
// listing with a delimiter, which publish never asks for, is left as it is.
const S3_LISTING_ORDER = `(store, S3Object) => {
  const listObjects = store.listObjects.bind(store);
  const OBJECT_SUFFIX = '._S3rver_object';
  const sortedKeys = new Map();
  for (const write of ['putObject', 'copyObject', 'deleteObject', 'putObjectMultipart', 'putMetadata']) {
    const method = store[write].bind(store);
    store[write] = async (...args) => {
      try {
        return await method(...args);
      } finally {
        sortedKeys.delete(write === 'putObject' ? args[0].bucket : write === 'copyObject' ? args[2] : args[0]);
      }
    };
  }
  const keysOf = (bucket) => {
    if (!sortedKeys.has(bucket)) {
      const files = readdirSync(store.getBucketPath(bucket), { recursive: true }).filter((file) => file.endsWith(OBJECT_SUFFIX));
      const keys = files.map((file) => Buffer.from(file.slice(0, -OBJECT_SUFFIX.length).split(sep).join('/')));
      sortedKeys.set(bucket, keys.sort(Buffer.compare));
    }
    return sortedKeys.get(bucket);
  };
  // The index of the first key that is not below \`bound\` (above it, when \`strictly\`).
  const seek = (keys, bound, strictly) => {
    let [low, high] = [0, keys.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      const order = Buffer.compare(keys[middle], bound);
      if (order > 0 || (order === 0 && !strictly)) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  store.listObjects = async (bucket, options) => {
    if (options.delimiter) return listObjects(bucket, options);
    const keys = keysOf(bucket);
    const prefix = Buffer.from(options.prefix ?? '');
    const inPrefix = (key) => key.subarray(0, prefix.length).equals(prefix);
    const maxKeys = options.maxKeys ?? Infinity;
    const page = [];
    let i = Math.max(seek(keys, Buffer.from(options.startAfter ?? ''), true), seek(keys, prefix, false));
    for (; i < keys.length && page.length < maxKeys && inPrefix(keys[i]); i++) page.push(keys[i].toString());
    const metadata = await Promise.all(page.map((key) => store.getMetadata(bucket, key).catch((error) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)))));
    const objects = page.flatMap((key, j) => (metadata[j] === undefined ? [] : [new S3Object(bucket, key, null, metadata[j])]));
    return { objects, commonPrefixes: [], isTruncated: i < keys.length && inPrefix(keys[i]) };
  };
}`;

// s3rver 3.7 signs its continuation tokens with DES, which OpenSSL 3 has only in its legacy
// provider: without it, a listing longer than one page (1,000 keys) is an InternalError.
const S3RVER_MAIN = `
import S3rver from 's3rver';
import S3Object from 's3rver/lib/models/object.js';
import { readdirSync } from 'node:fs';
import { sep } from 'node:path';
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.env.S3RVER_DIRECTORY });
(${S3_LISTING_ORDER})(server.store, S3Object);
if (process.env.S3RVER_CONDITIONAL === '1') {
  const conditionalWrites = (${CONDITIONAL_WRITES})(server.store);
  server.middleware.splice(server.middleware.length - 1, 0, conditionalWrites);
}
console.log((await server.run()).port);
`;

async function runS3rver(
  directory: string,
  conditionalWrites: boolean,
): Promise<{ server: ChildProcess; port: number }> {
  const server = spawn(process.execPath, ['--openssl-legacy-provider', '--input-type=module', '-e', S3RVER_MAIN], {
    env: { ...process.env, S3RVER_DIRECTORY: directory, S3RVER_CONDITIONAL: conditionalWrites ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await Promise.race([
    once(server.stdout!, 'data'),
    once(server, 'exit').then(() => Promise.reject(new Error('s3rver did not start'))),
  ])) as [Buffer];
  return { server, port: Number(line.toString().trim()) };
}

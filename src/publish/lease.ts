/**
 * One publisher at a time: a lease object in the bucket (`.dataset-site/lease.json` under
 * the prefix) naming its holder and when it expires, taken with a conditional PUT
 * (`If-None-Match: *` when there is none, `If-Match` on the ETag of one expired or
 * released) and renewed and released with `If-Match` on its own ETag, so that of two
 * publishes racing for it exactly one wins. A publish that is killed keeps its lease only
 * until it expires. A store that ignores the conditions is found out at once (a second
 * `If-None-Match: *` write must be refused) and publish stops rather than trust it.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { UserError } from '../shared/index.js';
import type { Bucket } from './bucket.js';
import { LEASE_PATH } from '../query/formats/index.js';

const FORMAT = 'dataset-site-lease';
const VERSION = 1;
const HEADERS = { contentType: 'application/json; charset=utf-8', cacheControl: 'no-store' };
// Rounds of read-and-write lost to another publish before giving up (each round, someone else won).
const MAX_ROUNDS = 4;

/** What the lease object holds. */
export interface LeaseRecord {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** Names this holding, so that a holder knows its own lease. */
  token: string;
  host: string;
  pid: number;
  /** When the publish took the lease (ISO 8601). */
  started: string;
  /** When the lease ends unless renewed (ISO 8601); a released lease expires at its release. */
  expires: string;
}

/** A lease held by this publish. */
export interface Lease {
  /** Throws when the lease was lost (a renewal refused, or failed past the budget): the publish must stop writing. */
  assertHeld(): void;
  /** Stops renewing and releases the lease (writes it expired, if still ours). */
  release(): Promise<void>;
}

/**
 * Takes the bucket's lease for `ttlMs`, renewed every third of it until released. Refused
 * with a one-line {@link UserError} (exit 75) naming the holder and when its lease expires.
 */
export async function takeLease(bucket: Bucket, ttlMs: number): Promise<Lease> {
  const token = randomUUID();
  const started = new Date().toISOString();
  const record = (expires: number): string =>
    JSON.stringify({
      format: FORMAT,
      version: VERSION,
      token,
      host: hostname(),
      pid: process.pid,
      started,
      expires: new Date(expires).toISOString(),
    } satisfies LeaseRecord);
  let etag = await acquire(bucket, token, () => record(Date.now() + ttlMs));
  // A second create must be refused: a store that takes it ignores the conditions that keep publishes apart.
  if (
    (await bucket.write(LEASE_PATH, record(Date.now() + ttlMs), HEADERS, undefined, { ifNoneMatch: '*' })) !== undefined
  ) {
    throw new UserError(
      `the store of ${bucket.where} ignores If-None-Match on PUT (it overwrote ${LEASE_PATH}), so it cannot keep two publishes apart; publish with --no-lease if no other publish can run at the same time`,
      74,
    );
  }
  let lost: Error | undefined;
  // Writes the lease anew over our own; false when another publish holds it now. A write whose
  // answer was lost may have changed the ETag already: a lease still naming us is still ours.
  const rewrite = async (text: string): Promise<boolean> => {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const next = await bucket.write(LEASE_PATH, text, HEADERS, undefined, { ifMatch: etag });
      if (next !== undefined) return (void (etag = next), true);
      const now = await bucket.readObject(LEASE_PATH);
      if (now === undefined || parseLease(now.text, bucket).token !== token) return false;
      etag = now.etag;
    }
    return false;
  };
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewing.then(async () => {
      if (lost !== undefined) return;
      const renewed = await rewrite(record(Date.now() + ttlMs)).catch((error: Error) => {
        lost = error;
        return true;
      });
      if (!renewed)
        lost = new UserError(
          `the lease of ${bucket.where} was taken by another publish while this one ran (it could not renew it in time); run publish again`,
          75,
        );
    });
  }, ttlMs / 3);
  timer.unref();
  return {
    assertHeld() {
      if (lost !== undefined) throw lost;
    },
    async release() {
      clearInterval(timer);
      await renewing;
      if (lost === undefined) await rewrite(record(Date.now()));
    },
  };
}

// Writes the lease over nothing or over an expired one, conditionally; the ETag it got.
async function acquire(bucket: Bucket, token: string, text: () => string): Promise<string> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const held = await bucket.readObject(LEASE_PATH);
    const holder = held === undefined ? undefined : parseLease(held.text, bucket);
    if (holder !== undefined && holder.token === token) return held!.etag;
    if (holder !== undefined && Date.parse(holder.expires) > Date.now()) throw refusal(bucket, holder);
    const etag = await bucket.write(
      LEASE_PATH,
      text(),
      HEADERS,
      undefined,
      held === undefined ? { ifNoneMatch: '*' } : { ifMatch: held.etag },
    );
    if (etag !== undefined) return etag;
  }
  throw new UserError(
    `could not take the lease of ${bucket.where}: other publishes kept taking it; run publish again`,
    75,
  );
}

/** The one line a publish refused by a live lease prints. */
function refusal(bucket: Bucket, holder: LeaseRecord): UserError {
  const seconds = Math.ceil((Date.parse(holder.expires) - Date.now()) / 1000);
  return new UserError(
    `another publish holds the lease of ${bucket.where}: host ${holder.host}, process ${holder.pid}, since ${holder.started}; ` +
      `it expires at ${holder.expires} (in ${seconds} s) unless that publish renews it: run publish again after it ends`,
    75,
  );
}

function parseLease(text: string, bucket: Bucket): LeaseRecord {
  try {
    const lease = JSON.parse(text) as Partial<LeaseRecord>;
    if (
      lease.format === FORMAT &&
      lease.version === VERSION &&
      typeof lease.token === 'string' &&
      typeof lease.expires === 'string' &&
      !Number.isNaN(Date.parse(lease.expires))
    )
      return lease as LeaseRecord;
  } catch {
    // Told below.
  }
  throw new UserError(
    `the bucket's ${LEASE_PATH} in ${bucket.where} is not a ${FORMAT} record of version ${VERSION}; delete it if no publish is running`,
    1,
  );
}

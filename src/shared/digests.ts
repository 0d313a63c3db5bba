/**
 * The digests of the house, named by use. Everything the build and publish fingerprint is
 * fingerprinted by SHA-1: it is not a security boundary here, only "equal digests, equal
 * bytes" between two builds of one site, and it is the fastest of node:crypto's hashes.
 * (A dump part's SHA-256, which readers check downloads against, is the dump's own.)
 */
import { createHash, hash, type Hash } from 'node:crypto';

/** Bytes of an {@link entityBytesDigest}. */
export const DIGEST_BYTES = 20;

/** A text's or a file's fingerprint, 27 characters of base64url: a document's, a source record's, a published object's. */
export function contentFingerprint(content: string | Uint8Array): string {
  return hash('sha1', content, 'base64url');
}

/** An entity's digest, {@link DIGEST_BYTES} raw bytes: kept for every entity, where a string each would cost the most. */
export function entityBytesDigest(bytes: Uint8Array): Buffer {
  return hash('sha1', bytes, 'buffer');
}

/** A fingerprint of many parts given one at a time (the code, a page, the state's shards, a dump part's entities). */
export function runningFingerprint(): Hash {
  return createHash('sha1');
}

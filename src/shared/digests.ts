/**
 * The digests of the house, named by use. Everything the build and publish fingerprint is
 * fingerprinted by SHA-1: it is not a security boundary here, only "equal digests, equal
 * bytes" between two builds of one site, and it is the fastest of node:crypto's hashes.
 * Two digests are other programs' choices: a dump part's SHA-256, which readers check
 * downloads against (the dump index lists it), and an object's MD5, which S3 keeps as the
 * ETag of a single-part upload and checks a `Content-MD5` against.
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

/** A dump part's SHA-256, given its lines one at a time; its hex digest is what the dump index lists and readers check. */
export function dumpPartDigest(): Hash {
  return createHash('sha256');
}

/**
 * An object's MD5 as S3 sees it: `etag` (hex) is the ETag S3 keeps for a single-part upload of `body`, `contentMd5`
 * (base64) the `Content-MD5` header S3 checks the upload against.
 */
export function objectMd5(body: Uint8Array): { etag: string; contentMd5: string } {
  const md5 = createHash('md5').update(body);
  return { etag: md5.copy().digest('hex'), contentMd5: md5.digest('base64') };
}

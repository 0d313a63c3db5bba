/**
 * An entity's body as one snapshot served it (docs/api.md#snapshots): the chunks and blocks of
 * ids (and the term shards and sparse common lists, for the entities they list) name each slot's body by the first {@link BODY_DIGEST_CHARS} characters of the base64url
 * SHA-1 of its document, the same digest the build keeps of every entity (its manifest
 * fingerprint). A reader finding the public document of another digest (the site moved on, or
 * a host's cache holds an older one) reads the snapshot's body from its immutable copy,
 * `search/{kind}/bodies/{id}~{digest}.json`, which a rebuild writes for every body it replaces
 * and every one it writes, as Pagefind names its fragments by their content.
 */

/** Characters of an entity body's digest in the documents that name its body: the chunks and blocks of ids, term shards, sparse common lists. */
export const BODY_DIGEST_CHARS = 8;
/** The digest of a hole in a document of ids: no body's, as `.` is not base64url. */
export const HOLE_DIGEST = '.'.repeat(BODY_DIGEST_CHARS);

// Every host's digest and encoder (web standards); declared here, as src/query takes no platform's types.
declare const crypto: { subtle: { digest(algorithm: 'SHA-1', data: Uint8Array): Promise<ArrayBuffer> } };
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
const utf8 = new TextEncoder();

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Whether `digests` (as a document holds them, unchecked) is `count` digests back to back. */
export function holdsDigests(digests: unknown, count: number): digests is string {
  return typeof digests === 'string' && digests.length === count * BODY_DIGEST_CHARS;
}

/** The digest at `position` of digests written back to back, as the documents naming bodies hold them. */
export function digestAt(digests: string, position: number): string {
  return digests.slice(position * BODY_DIGEST_CHARS, (position + 1) * BODY_DIGEST_CHARS);
}

/** Digests written back to back, put in the order `listed` gives: the position in `digests` of each in its new place. */
export function digestsInOrder(digests: string, listed: ArrayLike<number>): string {
  let ordered = '';
  for (let at = 0; at < listed.length; at++) ordered += digestAt(digests, listed[at]!);
  return ordered;
}

/** The digest of a body by its fingerprint (the base64url SHA-1 of its document), as documents of ids hold it. */
export function bodyDigestOf(fingerprint: string): string {
  return fingerprint.slice(0, BODY_DIGEST_CHARS);
}

/** The digest of the entity document `text`, as documents of ids hold it. */
export async function bodyDigest(text: string): Promise<string> {
  const sha1 = new Uint8Array(await crypto.subtle.digest('SHA-1', utf8.encode(text)));
  let digest = '';
  // Six bytes are eight characters of base64url, without padding.
  for (let at = 0; at < 6; at += 3) {
    const triple = (sha1[at]! << 16) | (sha1[at + 1]! << 8) | sha1[at + 2]!;
    for (let shift = 18; shift >= 0; shift -= 6) digest += BASE64URL[(triple >> shift) & 63];
  }
  return digest;
}

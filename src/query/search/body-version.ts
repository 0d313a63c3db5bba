/**
 * An entity's body as one snapshot served it (docs/api.md#snapshots). Every entity document
 * ends with its `_version`: {@link BODY_VERSION_CHARS} base64url characters of the generation
 * of the build that last changed its body. The chunks and blocks of ids (and the term shards
 * and sparse common lists, for the entities they list) name each slot's body by it. A reader
 * finding a public document of another version (the site moved on, or a host's cache holds an
 * older one) reads the snapshot's body from its immutable copy,
 * `search/{kind}/bodies/{id}~{version}.json`, which a rebuild writes for every body it replaces
 * and every one it writes, as Iceberg names a data file by the snapshot that added it.
 *
 * A version is the generation modulo 2^24, 160 years of builds every 5 minutes: two bodies of
 * one entity never meet under one version. Versions, unlike digests, repeat from entity to
 * entity (most bodies keep the version of the build that first wrote them), so the documents
 * that name them compress to a few bytes per entity where digests took six.
 */

/** Characters of a body's version, in entity documents and in the documents that name bodies: the chunks and blocks of ids, term shards, sparse common lists. */
export const BODY_VERSION_CHARS = 4;
/** The version of a hole in a document of ids: no body's, as `.` is not base64url. */
export const HOLE_VERSION = '.'.repeat(BODY_VERSION_CHARS);
/** The version a body is serialized with before its build's generation is known (a first build's, drawn from its bodies); never served. */
export const UNSTAMPED_VERSION = '~'.repeat(BODY_VERSION_CHARS);

/** The member every entity document ends with. */
export const VERSION_MEMBER = '_version';
// What an entity document ends with: `,"_version":"AbC-"}`.
const TAIL_START = `,"${VERSION_MEMBER}":"`;
const TAIL_LENGTH = TAIL_START.length + BODY_VERSION_CHARS + 2;
const VERSION = /^[A-Za-z0-9_-]+$/;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The version of the bodies a build of generation `generation` writes. */
export function bodyVersion(generation: number): string {
  let version = '';
  for (let shift = 6 * (BODY_VERSION_CHARS - 1); shift >= 0; shift -= 6)
    version += BASE64URL[(generation >>> shift) & 63];
  return version;
}

/** The `_version` an entity document's text ends with; `undefined` when it ends with none (not a body this build format wrote). */
export function versionOfBody(text: string): string | undefined {
  if (text.length < TAIL_LENGTH || !text.endsWith('"}')) return undefined;
  const tail = text.slice(-TAIL_LENGTH);
  if (!tail.startsWith(TAIL_START)) return undefined;
  const version = tail.slice(TAIL_START.length, -2);
  return VERSION.test(version) ? version : undefined;
}

/** {@link versionOfBody} of an entity document's UTF-8 bytes. */
export function versionOfBodyBytes(bytes: Uint8Array): string | undefined {
  const tail = bytes.subarray(Math.max(0, bytes.length - TAIL_LENGTH));
  return versionOfBody(String.fromCharCode(...tail));
}

/** Where the version sits in a body of `length` bytes that ends with one: the offset of its first byte. */
export function versionOffset(length: number): number {
  return length - 2 - BODY_VERSION_CHARS;
}

/** Whether `versions` (as a document holds them, unchecked) is `count` versions back to back. */
export function holdsVersions(versions: unknown, count: number): versions is string {
  return typeof versions === 'string' && versions.length === count * BODY_VERSION_CHARS;
}

/** The version at `position` of versions written back to back, as the documents naming bodies hold them. */
export function versionAt(versions: string, position: number): string {
  return versions.slice(position * BODY_VERSION_CHARS, (position + 1) * BODY_VERSION_CHARS);
}

/** Versions written back to back, put in the order `listed` gives: the position in `versions` of each in its new place. */
export function versionsInOrder(versions: string, listed: ArrayLike<number>): string {
  let ordered = '';
  for (let at = 0; at < listed.length; at++) ordered += versionAt(versions, listed[at]!);
  return ordered;
}

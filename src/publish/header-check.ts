/**
 * The headers a reader gets with an object, against those publish gives it
 * (object-headers.ts): `Content-Type` (as a media type, media-type.ts), `Cache-Control`,
 * and none of the others a PUT stores (publish sends every file as it is, to be shown
 * inline, in no language, cached by `Cache-Control` alone). The listing shows none of them: each is read with a HEAD
 * request, for the objects `publish --check` compares and those a publish has due
 * (header-rotation.ts, and objects written since their headers were last seen right).
 */
import type { Bucket, ObjectHead } from './bucket.js';
import { sameMediaType } from './media-type.js';
import { objectHeaders } from './object-headers.js';
import { forEachLimit } from './pool.js';

/** Why the headers `head` shows for the object of the site file at `path` are not the ones it is published with; `undefined` when they are. */
export function headerProblem(path: string, head: ObjectHead): string | undefined {
  const expected = objectHeaders(path);
  const wrong = [
    ['Content-Type', head.contentType, expected.contentType],
    ['Cache-Control', head.cacheControl, expected.cacheControl],
    ['Content-Encoding', head.contentEncoding, undefined],
    ['Content-Disposition', head.contentDisposition, undefined],
    ['Content-Language', head.contentLanguage, undefined],
    ['Expires', head.expires, undefined],
  ].filter(([name, got, want]) => !sameHeader(name!, got || undefined, want));
  if (wrong.length === 0) return undefined;
  const list = (values: (string | undefined)[]) =>
    wrong.map(([name], i) => `${name} ${values[i] === undefined ? 'none' : values[i]}`).join(', ');
  return `other headers in the bucket (${list(wrong.map(([, got]) => got || undefined))}; the site's: ${list(wrong.map(([, , want]) => want))})`;
}

function sameHeader(name: string, got: string | undefined, want: string | undefined): boolean {
  if (got === undefined || want === undefined) return got === want;
  return name === 'Content-Type' ? sameMediaType(got, want) : got === want;
}

/**
 * Reads the headers of the objects at `paths`, `concurrency` at a time: path → what is
 * wrong with them, or `undefined` when they are right (an object gone meanwhile: `missing from the bucket`).
 */
export async function checkHeaders(
  bucket: Bucket,
  paths: readonly string[],
  concurrency: number,
): Promise<Map<string, string | undefined>> {
  const checks = new Map<string, string | undefined>();
  await forEachLimit(paths, concurrency, async (path) => {
    const head = await bucket.head(path);
    checks.set(path, head === undefined ? 'missing from the bucket' : headerProblem(path, head));
  });
  return checks;
}

// A store tells times to the second (S3 does); with a margin for its clock against ours.
const STORE_CLOCK_MARGIN_MS = 5000;

/**
 * The listing's time of an object whose headers were read right at `checkedAt` (ours, in
 * milliseconds), to keep: `''` when it is too recent to tell a later write by (one in the
 * same second has the same time), so that the next publish reads the headers again.
 */
export function settledTime(lastModified: string, checkedAt: number): string {
  return lastModified !== '' && Number(lastModified) < checkedAt - STORE_CLOCK_MARGIN_MS ? lastModified : '';
}

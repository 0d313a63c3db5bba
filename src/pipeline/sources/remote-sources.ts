/**
 * Remote sources (docs/api.md#sources): `--sources https://…` names one JSON, NDJSON, CSV
 * or TSV document, or a manifest listing several. Each is fetched into a scratch folder,
 * under the name its URL ends with, and read from there like local files, so validation
 * and messages are the same; the messages name the URL. Every fetch has a timeout and a
 * size limit and is retried with backoff on network errors, 408, 429 and 5xx (shared/retry.ts; not on what a
 * retry cannot mend); a fetch that still fails fails the build, before anything is
 * written. Redirects and manifest entries lead only to origins the operator named
 * (origin-guard.ts). A URL's user name and password are never printed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Response } from 'undici';
import { readBoundedBody, UserError, redactUrl, backoffMs, isRetryableStatus } from '../../shared/index.js';
import { COLLECTIONS, KINDS } from '../../query/semantics/index.js';
import { AddressRefused, createOriginGuard, fetchGuarded, type OriginGuard } from '../../net/index.js';

/** How remote sources are fetched. */
export interface FetchPolicy {
  /** Milliseconds one attempt may take, headers and body. */
  timeoutMs: number;
  /** Largest document fetched, in bytes. */
  maxBytes: number;
  /** Attempts after the first, on a network error, a 408, a 429 or a 5xx. */
  retries: number;
  /** Longest wait before the first retry, doubled for each next one, in milliseconds (full jitter: shared/retry.ts). */
  retryDelayMs: number;
  /** Origins (`https://host:port`, as `URL.origin` spells them) besides that of the sources URL that redirects and manifest entries may lead to. */
  allowOrigins: readonly string[];
}

/** Whether `--sources` names a remote document. */
export function isRemote(sources: string): boolean {
  return /^https?:\/\//i.test(sources);
}

/**
 * Fetches the source documents `url` names into `folder`: the document itself, or every
 * document its manifest (`{"sources": ["url", …]}`, URLs relative to it) lists. Returns
 * each local file with the URL it came from.
 */
export async function fetchSources(url: string, folder: string, policy: FetchPolicy): Promise<Map<string, string>> {
  refuseCredentials(url);
  const guard = createOriginGuard([new URL(url).origin, ...policy.allowOrigins]);
  let documents: (readonly [string, Uint8Array])[];
  try {
    const first = await fetchDocument(url, policy, guard);
    const listed = manifestEntries(url, first, guard);
    documents =
      listed === undefined
        ? [[url, first]]
        : await Promise.all(listed.map(async (entry) => [entry, await fetchDocument(entry, policy, guard)] as const));
  } finally {
    await guard.close();
  }
  const files = new Map<string, string>();
  for (const [source, bytes] of documents) {
    const file = path.join(folder, String(files.size), localName(source));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    files.set(file, redactUrl(source));
  }
  return files;
}

// A manifest is a JSON object whose `sources` is a list of URLs and which holds no records.
function manifestEntries(url: string, bytes: Uint8Array, guard: OriginGuard): string[] | undefined {
  if (!/\.json$/i.test(new URL(url).pathname)) return undefined;
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined; // not JSON: read as a source, whose reader says what is wrong
  }
  if (typeof document !== 'object' || document === null || !('sources' in document)) return undefined;
  const entries = (document as { sources: unknown }).sources;
  if (
    !Array.isArray(entries) ||
    entries.some((entry) => typeof entry !== 'string') ||
    KINDS.some((kind) => COLLECTIONS[kind] in document)
  ) {
    throw new UserError(
      `${redactUrl(url)}: a sources manifest must be {"sources": ["https://…", …]}, a list of URLs, and hold no records`,
      1,
    );
  }
  return entries.map((entry: string) => {
    const resolved = URL.canParse(entry, url) ? new URL(entry, url) : undefined;
    const refusal = resolved === undefined ? 'not a URL' : guard.refusal(resolved);
    if (refusal !== undefined)
      throw new UserError(
        `cannot fetch the sources ${redactUrl(url)}: it lists ${redactUrl(resolved?.href ?? entry)}, ${refusal}; nothing was written`,
        1,
      );
    return resolved!.href;
  });
}

// The file name a URL's document is read under: its last segment, inside its folder when that names a kind (NDJSON needs it).
function localName(url: string): string {
  const segments = new URL(url).pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment).replace(/[^\p{L}\p{N}._-]/gu, '_'));
  const name = segments.at(-1) ?? 'source.json';
  const folder = segments.at(-2);
  return folder !== undefined && KINDS.some((kind) => COLLECTIONS[kind] === folder) ? path.join(folder, name) : name;
}

async function fetchDocument(url: string, policy: FetchPolicy, guard: OriginGuard): Promise<Uint8Array> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await fetchOnce(url, policy, guard);
    if (outcome.ok) return outcome.bytes;
    if (!outcome.retry || attempt >= policy.retries) {
      const attempts = attempt + 1;
      throw new UserError(
        `cannot fetch the sources ${redactUrl(url)}: ${outcome.reason}${attempts > 1 ? ` (${attempts} attempts)` : ''}; nothing was written`,
        1,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt + 1, policy.retryDelayMs)));
  }
}

type Outcome = { ok: true; bytes: Uint8Array } | { ok: false; retry: boolean; reason: string };

// One attempt: the document at `url`, following redirects that the guard allows, one by one.
async function fetchOnce(url: string, policy: FetchPolicy, guard: OriginGuard): Promise<Outcome> {
  const signal = AbortSignal.timeout(policy.timeoutMs);
  const timedOut = `no complete answer within ${policy.timeoutMs / 1000} s`;
  let response: Response;
  try {
    const answer = await fetchGuarded(url, guard, { signal, dispatcher: guard.dispatcher });
    if ('refused' in answer) return { ok: false, retry: false, reason: answer.refused };
    response = answer.response;
  } catch (error) {
    const refused = (error as { cause?: unknown }).cause instanceof AddressRefused;
    return {
      ok: false,
      retry: !refused && (signal.aborted || isNetworkError(error)),
      reason: signal.aborted ? timedOut : causeOf(error),
    };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    const { status } = response;
    return {
      ok: false,
      retry: isRetryableStatus(status),
      reason: `the server answered ${status} ${response.statusText}`.trim(),
    };
  }
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readBoundedBody(response, policy.maxBytes);
  } catch (error) {
    return { ok: false, retry: true, reason: signal.aborted ? timedOut : causeOf(error) };
  }
  if (bytes === undefined)
    return {
      ok: false,
      retry: false,
      reason: `the document is larger than ${policy.maxBytes} bytes, the most a source may hold`,
    };
  return { ok: true, bytes };
}

// fetch's TypeError says only "fetch failed"; the reason is its cause (ECONNREFUSED, ENOTFOUND…).
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return redactUrl(cause?.code ?? cause?.message ?? (error as Error).message);
}

// A network error (its cause has a code: ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET…) may mend on a
// retry; a request fetch refuses to make (a redirect to file:, a bad URL) never will.
function isNetworkError(error: unknown): boolean {
  return typeof (error as { cause?: { code?: unknown } }).cause?.code === 'string';
}

// fetch refuses a URL holding credentials (and would print them); say so at once, without them.
function refuseCredentials(url: string): void {
  const parsed = new URL(url);
  if (parsed.username !== '' || parsed.password !== '') {
    throw new UserError(
      `cannot fetch the sources ${redactUrl(url)}: a source URL may not hold a user name or password; put a token in its query string (keep the URL a secret) or serve the sources without one; nothing was written`,
      1,
    );
  }
}

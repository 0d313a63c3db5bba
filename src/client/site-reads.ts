/**
 * How the SDK reads one document of the site: the whole answer within a deadline, once more
 * on a connection the host dropped (browsers and curl retry an idempotent GET the same way)
 * or after a 503 or 429 whose `Retry-After` is short, only from the site's origin, and with
 * errors that name the URL and say what to do. A bucket read without list permission
 * answers 403 for a missing key; {@link SiteReadOptions.forbiddenIsMissing} reads it as 404.
 */
import { fetchFailureReason, type FetchLike } from '../query/router/index.js';

/** A fetch the client reads the site with: `globalThis.fetch` fits, and one that ignores `init` does too. */
export type ClientFetch = (url: string, init?: { signal?: AbortSignal }) => ReturnType<FetchLike>;

/** How {@link siteReads} reads documents. */
export interface SiteReadOptions {
  /** Milliseconds one document may take, headers and body together. */
  timeoutMs: number;
  /** Origins whose answers are taken: the site's, and any other a redirect may lead to. */
  origins: readonly string[];
  /** Reads 403 as 404, for a bucket that answers 403 for a key it lacks. */
  forbiddenIsMissing: boolean;
}

/** The longest `Retry-After` waited for, in milliseconds; a longer one fails at once, naming it. */
export const MAX_RETRY_AFTER_MS = 10_000;

/** The answer as the SDK took it: read whole, so that the deadline covers its body; `head`, its first characters. */
type ReadAnswer = Awaited<ReturnType<FetchLike>> & { head: string };

/** `fetch` reading each document as {@link SiteReadOptions} say; every failure an Error naming the URL. */
export function siteReads(fetch: ClientFetch, options: SiteReadOptions): FetchLike {
  const attempt = (url: string) => readWhole(fetch, url, options);
  return async (url) => {
    const first = await attempt(url).catch((error: unknown) => {
      if (error instanceof Dropped) return error;
      throw error;
    });
    if (first instanceof Dropped) return checked(url, await attempt(url).catch(failedAgain(first)), options);
    const wait = retryAfterMs(first);
    if (wait === undefined) return checked(url, first, options);
    if (wait > MAX_RETRY_AFTER_MS)
      throw new Error(
        `answered ${first.status} and asks to retry after ${Math.ceil(wait / 1000)} s, longer than the client waits (${MAX_RETRY_AFTER_MS / 1000} s): the host is overloaded, try again later`,
      );
    await new Promise((resolve) => setTimeout(resolve, wait));
    return checked(url, await attempt(url).catch(failedAgain()), options);
  };
}

// Characters of an answer's start kept to tell a web page (`<`) from a document.
const HEAD_CHARACTERS = 256;

/** A connection the host closed before the answer was whole: worth one more try. */
class Dropped extends Error {}

// One GET with its body read, within the deadline; a dropped connection throws Dropped.
async function readWhole(fetch: ClientFetch, url: string, { timeoutMs }: SiteReadOptions): Promise<ReadAnswer> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(
        new Error(
          `no complete answer within ${timeoutMs / 1000} s; the host is stalled or slow (the client's timeoutMs option sets the limit)`,
        ),
      );
    }, timeoutMs);
  });
  // The deadline's failure, a dropped connection's, or undefined for any other failure.
  const known = (stage: string, error: unknown): Promise<never> | undefined => {
    if (controller.signal.aborted) return late;
    if (isDropped(error))
      return Promise.reject(new Dropped(`the host closed the connection ${stage} (${fetchFailureReason(error)})`));
    return undefined;
  };
  try {
    const response = await Promise.race([
      fetch(url, { signal: controller.signal }).catch(
        (error: unknown) => known('before answering', error) ?? Promise.reject(error),
      ),
      late,
    ]);
    const body = response.arrayBuffer
      ? Promise.resolve(response.arrayBuffer()).then((buffer) => new Uint8Array(buffer))
      : response.text();
    // A body that fails otherwise than by a dropped connection or the deadline (a fetch's own limit) fails when it is
    // asked for, as the fetch's own body would, and not as a failure of the request.
    const content = await Promise.race([
      body.catch((error: unknown) => known('during the answer', error) ?? { error }),
      late,
    ]);
    const whole = async () => {
      if (typeof content === 'object' && 'error' in content) throw content.error;
      return content;
    };
    // What tells a web page from a document: the first characters, never the whole body decoded twice.
    const head =
      typeof content === 'string'
        ? content.slice(0, HEAD_CHARACTERS)
        : 'error' in content
          ? ''
          : new TextDecoder().decode(content.subarray(0, HEAD_CHARACTERS));
    return {
      status: response.status,
      ok: response.ok,
      url: response.url,
      headers: response.headers,
      head,
      text: async () => {
        const read = await whole();
        return typeof read === 'string' ? read : new TextDecoder().decode(read);
      },
      ...(response.arrayBuffer && {
        arrayBuffer: async () => {
          const bytes = (await whole()) as Uint8Array;
          return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
        },
      }),
    };
  } finally {
    clearTimeout(timer);
  }
}

// The answer if it may be taken: from an allowed origin, not a refusal other than 404, not a web page for a document.
function checked(url: string, answer: ReadAnswer, { origins, forbiddenIsMissing }: SiteReadOptions): ReadAnswer {
  const landed = answer.url ? new URL(answer.url).origin : undefined;
  if (landed !== undefined && !origins.includes(landed))
    throw new Error(
      `redirected to ${answer.url}, outside the site's origin (${origins[0]}): the client does not take documents from another origin; if that origin serves this site, name it in the allowedOrigins option`,
    );
  if (answer.status === 403 && forbiddenIsMissing) return { ...answer, status: 404, ok: false };
  if (answer.status === 403)
    throw new Error(
      `answered 403 Forbidden: a bucket read without list permission answers 403 for a document it does not hold; if the site is such a bucket, set the client's forbiddenIsMissing option, else check the host's access rules`,
    );
  if (!answer.ok && answer.status !== 404)
    throw new Error(`answered ${answer.status}${answer.status >= 500 ? ': the host failed, try again later' : ''}`);
  if (answer.ok && /\.json$/.test(new URL(url).pathname) && isWebPage(answer))
    throw new Error(
      `answered a web page where the site has a JSON document: a captive portal, a login page or a host that answers every path with one page; check the network and that baseUrl is the root of a built dataset site`,
    );
  return answer;
}

// Milliseconds a 503 or 429 asks to wait before the next try, or undefined for any other answer.
function retryAfterMs(answer: ReadAnswer): number | undefined {
  if (answer.status !== 503 && answer.status !== 429) return undefined;
  const value = answer.headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

// The second try's failure, saying there was a first (and why, when the connection dropped).
function failedAgain(first?: Dropped): (error: unknown) => never {
  return (error) => {
    const message = fetchFailureReason(error);
    throw new Error(first ? `${message}, and before that ${first.message}` : `${message} (on the second try)`);
  };
}

// A connection reset or closed by the other side, before or during the answer (Node's fetch, browsers' TypeError).
function isDropped(error: unknown): boolean {
  const { cause, message = '' } = error as { cause?: { code?: string; message?: string }; message?: string };
  const code = cause?.code ?? (error as { code?: string }).code;
  if (code !== undefined && ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'].includes(code)) return true;
  return /other side closed|terminated|socket hang up/i.test(`${message} ${cause?.message ?? ''}`);
}

// An HTML page by its type, or by its first character where the type says nothing.
function isWebPage(answer: ReadAnswer): boolean {
  if (/^text\/html\b/i.test(answer.headers?.get('content-type') ?? '')) return true;
  return /^\s*</.test(answer.head);
}

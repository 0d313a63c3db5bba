/**
 * How the MCP server reads the site: a fetch for the client SDK that bounds what it takes.
 * It reads only the site: a redirect may lead only to the site's own origin, and a name is
 * connected to only when it resolves to public addresses (origin-guard.ts, as for remote
 * sources; a site at a local address named in `--base-url` is read there). A document is
 * read as a stream that stops at {@link MAX_DOCUMENT_BYTES}; every read of a tool call ends
 * at the call's deadline ({@link withReadDeadline}); a `.json` document must be JSON. Each
 * failure throws an error naming the URL (its secrets masked) and the limit, which the
 * router answers as a `site_error` and the tool as an error result: the server goes on.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Response } from 'undici';
import { readBoundedBody, redactUrl } from '../../shared/index.js';
import type { FetchLike } from '../../client/index.js';
import { internalKind, createOriginGuard, fetchGuarded, type GuardWording } from '../../net/index.js';

/** How the MCP server's refusals name who names the site's origin. */
const SITE_WORDING: GuardWording = { flags: '--base-url', allowFlag: undefined, reads: 'the site' };

/**
 * Largest document of the site the MCP server reads, in bytes: 16 MiB. The largest
 * documents of a built site are its listing pages of 100 entities (0.26 MB on the sample,
 * a few MB with long intros); a 300 MB document grew the server to 1.55 GB.
 */
export const MAX_DOCUMENT_BYTES = 16 * 2 ** 20;

/** Seconds a tool call waits for the site by default: under the 60 s an MCP client waits for an answer. */
export const DEFAULT_TIMEOUT_SECONDS = 30;

const deadlines = new AsyncLocalStorage<{ signal: AbortSignal; seconds: number }>();

/**
 * Runs `work` (a tool call) with a deadline of `seconds` for its reads of the site: every
 * read through {@link siteFetch} that it starts ends by then, failing with the limit named.
 * `work` itself is not cut off: it answers the failed reads as it answers any failure.
 */
export function withReadDeadline<T>(seconds: number, work: () => Promise<T>): Promise<T> {
  return deadlines.run({ signal: AbortSignal.timeout(seconds * 1000), seconds }, work);
}

/**
 * A fetch of the site at `baseUrl` whose answers are read within the current call's
 * deadline (or `seconds` from the request, outside a call) and up to
 * {@link MAX_DOCUMENT_BYTES}, following redirects only on the site's origin; the text of a
 * `.json` document must parse as JSON.
 */
export function siteFetch(baseUrl: string, seconds: number): FetchLike {
  const site = new URL(baseUrl);
  const guard = createOriginGuard([site.origin], SITE_WORDING);
  // A site named by a local address or `localhost` is local by the operator's word: connect to
  // it as named. A public name is connected to only while it resolves to public addresses.
  const dispatcher = internalKind(site.hostname) === undefined ? guard.dispatcher : undefined;
  return async (url) => {
    const { signal, seconds: limit } = deadlines.getStore() ?? { signal: AbortSignal.timeout(seconds * 1000), seconds };
    const late = `no complete answer within ${limit} s, the most a tool call waits for the site (--timeout)`;
    let response: Response;
    try {
      const answer = await fetchGuarded(url, guard, { signal, dispatcher });
      if ('refused' in answer) throw new Error(answer.refused);
      response = answer.response;
    } catch (error) {
      // The client says `GET <url> failed: ` and this.
      throw signal.aborted ? new Error(late) : error;
    }
    if (!response.ok) await response.body?.cancel().catch(() => {}); // a failed answer's body is never read
    const failed = (reason: string) => new Error(`GET ${redactUrl(url)} failed: ${reason}`);
    const read = async (): Promise<Uint8Array> => {
      let bytes: Uint8Array | undefined;
      try {
        bytes = await readBoundedBody(response, MAX_DOCUMENT_BYTES);
      } catch (error) {
        throw signal.aborted ? failed(late) : error;
      }
      if (bytes === undefined)
        throw failed(
          `the document is larger than ${MAX_DOCUMENT_BYTES} bytes (${MAX_DOCUMENT_BYTES / 2 ** 20} MiB), the most the MCP server reads of one document; stopped reading`,
        );
      return bytes;
    };
    return {
      status: response.status,
      ok: response.ok,
      arrayBuffer: async () => {
        const bytes = await read();
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      },
      text: async () => {
        const text = new TextDecoder().decode(await read());
        if (new URL(url).pathname.endsWith('.json')) {
          try {
            JSON.parse(text);
          } catch (error) {
            throw failed(
              `the answer is not JSON (${(error as Error).message}); is --base-url the root of a built dataset site?`,
            );
          }
        }
        return text;
      },
    };
  };
}

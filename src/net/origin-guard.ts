/**
 * Remote reads stay where the operator pointed (docs/api.md#sources): a redirect or a
 * manifest entry may lead only to an origin (scheme, host and port) that `--sources` or
 * `--allow-origin` names (for the MCP server, `--base-url`), and a name is connected to only
 * when every address it resolves to is public. The addresses are checked in the
 * connection's own DNS lookup, so the address checked is the address connected to (no gap
 * for a name that resolves anew).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, fetch, type Dispatcher, type Response } from 'undici';
import { UserError, redactUrl } from '../shared/index.js';
import { describeKind, internalKind } from './address-kind.js';

/** Redirects followed in one attempt before the fetch fails. */
export const MAX_REDIRECTS = 10;

/** Where remote sources may be read from, and the HTTP dispatcher that connects only there. */
export interface OriginGuard {
  /** Why `url` may not be fetched, said of it (`not an http(s) URL`, `on http://10.0.0.1, a private address you did not name …`), or `undefined` when it may. */
  refusal(url: URL): string | undefined;
  /** Give it to `fetch` (undici's): its connections look names up through the address check. */
  dispatcher: Dispatcher;
  /** Closes the dispatcher's connections. */
  close(): Promise<void>;
}

/** A connection refused because its name resolved to an address inside the machine or its network; a retry cannot mend it. */
export class AddressRefused extends Error {}

/**
 * The origin `given` names (`https://data.example.com:8443`), as `URL.origin` spells it;
 * anything but an http(s) origin is a usage error (exit 2). `flag` names where it was given.
 */
export function parseOrigin(given: string, flag: string): string {
  const url = URL.canParse(given) ? new URL(given) : undefined;
  if (
    url === undefined ||
    !/^https?:$/.test(url.protocol) ||
    url.username !== '' ||
    url.password !== '' ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new UserError(
      `${flag} ${JSON.stringify(redactUrl(given))} is not an origin: give the scheme, host and port only, such as https://data.example.com or http://127.0.0.1:8080`,
      2,
    );
  }
  return url.origin;
}

/** How a guard's refusals say who names the origins and what is read. */
export interface GuardWording {
  /** The flags naming the allowed origins, as a refusal says them. */
  flags: string;
  /** The flag that adds an origin, suggested for a public one; `undefined` when none can. */
  allowFlag: string | undefined;
  /** What is read, as the refusal of an address says it. */
  reads: string;
}

/** The wording of remote sources' refusals. */
export const SOURCES_WORDING: GuardWording = {
  flags: '--sources or --allow-origin',
  allowFlag: '--allow-origin',
  reads: 'a source',
};

/**
 * A guard allowing the origins `named` (as {@link parseOrigin} gives them) and nothing else.
 * @param wording how its refusals say who names the origins. @default SOURCES_WORDING
 */
export function createOriginGuard(named: Iterable<string>, wording: GuardWording = SOURCES_WORDING): OriginGuard {
  const origins = new Set(named);
  const agent = new Agent({ connect: { lookup: publicLookup(wording) } });
  return {
    refusal(url) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not an http(s) URL';
      if (url.username !== '' || url.password !== '') return 'a URL holding a user name or password';
      if (origins.has(url.origin)) return undefined;
      const kind = internalKind(url.hostname);
      const hint = wording.allowFlag === undefined ? '' : ` (add ${wording.allowFlag} ${url.origin} if it is meant)`;
      return kind === undefined
        ? `on ${url.origin}, an origin you did not name in ${wording.flags}${hint}`
        : `on ${url.origin}, ${describeKind(kind)} you did not name in ${wording.flags}`;
    },
    dispatcher: agent,
    close: () => agent.destroy(),
  };
}

/** What {@link fetchGuarded} got: the answer, or why a URL on the way was refused (said of it, its secrets masked). */
export type GuardedAnswer = { response: Response } | { refused: string };

/**
 * GET `url`, following redirects one by one while `guard` allows their targets, at most
 * {@link MAX_REDIRECTS}; the body of a redirect is never read. `dispatcher` is
 * `guard.dispatcher` unless the caller connects otherwise. A network error is thrown.
 */
export async function fetchGuarded(
  url: string,
  guard: OriginGuard,
  init: { signal: AbortSignal; dispatcher?: Dispatcher },
): Promise<GuardedAnswer> {
  const first = guard.refusal(new URL(url));
  if (first !== undefined) return { refused: `${redactUrl(url)} is ${first}` };
  for (let at = url, redirects = 0; ; redirects++) {
    const response = await fetch(at, { signal: init.signal, redirect: 'manual', dispatcher: init.dispatcher });
    const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
    if (location === null) return { response };
    await response.body?.cancel().catch(() => {});
    const next = URL.canParse(location, at) ? new URL(location, at) : undefined;
    const refusal = next === undefined ? 'not a URL' : guard.refusal(next);
    if (refusal !== undefined) return { refused: `it redirects to ${redactUrl(next?.href ?? location)}, ${refusal}` };
    if (redirects === MAX_REDIRECTS) return { refused: `more than ${MAX_REDIRECTS} redirects` };
    at = next!.href;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

// dns.lookup, refusing a name any of whose addresses leads inside. An IP address is connected to
// without a lookup (node:net skips it), and only after refusal() found its origin named.
function publicLookup({ flags, reads }: GuardWording): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const inside =
        isIP(hostname) === 0 ? addresses.find(({ address }) => internalKind(address) !== undefined) : undefined;
      if (inside !== undefined) {
        const refused = new AddressRefused(
          `${hostname} resolves to ${inside.address}, ${describeKind(internalKind(inside.address)!)}; ${reads} is read from such an address only when ${flags} names the address itself`,
        );
        return callback(refused, '', 0);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

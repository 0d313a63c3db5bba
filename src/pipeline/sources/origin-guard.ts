/**
 * Remote sources stay where the operator pointed (docs/api.md#sources): a redirect or a
 * manifest entry may lead only to an origin (scheme, host and port) that `--sources` or
 * `--allow-origin` names, and a name is connected to only when every address it resolves to
 * is public. The addresses are checked in the connection's own DNS lookup, so the address
 * checked is the address connected to (no gap for a name that resolves anew).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { UserError } from '../../diagnostics.js';
import { describeKind, internalKind } from './address-kind.js';
import { redactUrl } from './redact-url.js';

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

/** A guard allowing the origins `named` (as {@link parseOrigin} gives them) and nothing else. */
export function createOriginGuard(named: Iterable<string>): OriginGuard {
  const origins = new Set(named);
  const agent = new Agent({ connect: { lookup: publicLookup } });
  return {
    refusal(url) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not an http(s) URL';
      if (url.username !== '' || url.password !== '') return 'a URL holding a user name or password';
      if (origins.has(url.origin)) return undefined;
      const kind = internalKind(url.hostname);
      return kind === undefined
        ? `on ${url.origin}, an origin you did not name in --sources or --allow-origin (add --allow-origin ${url.origin} if it is meant)`
        : `on ${url.origin}, ${describeKind(kind)} you did not name in --sources or --allow-origin`;
    },
    dispatcher: agent,
    close: () => agent.destroy(),
  };
}

// dns.lookup, refusing a name any of whose addresses leads inside. An IP address is connected to
// without a lookup (node:net skips it), and only after refusal() found its origin named.
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const inside = isIP(hostname) === 0 ? addresses.find(({ address }) => internalKind(address) !== undefined) : undefined;
    if (inside !== undefined) {
      const refused = new AddressRefused(
        `${hostname} resolves to ${inside.address}, ${describeKind(internalKind(inside.address)!)}; a source is read from such an address only when --sources or --allow-origin names the address itself`,
      );
      return callback(refused, '', 0);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * Which IP addresses lead inside the machine or its network (loopback, private, CGNAT,
 * link-local, unique-local, unspecified), so that a remote source never reaches them unless
 * the operator named the address (docs/api.md#sources).
 */
import { BlockList, isIP } from 'node:net';

/** What kind of address leads inside: the words a message says of it. */
export type InternalKind = 'loopback' | 'private' | 'shared (CGNAT)' | 'link-local' | 'unique-local' | 'unspecified';

const RANGES: [InternalKind, [string, number, 'ipv4' | 'ipv6'][]][] = [
  [
    'loopback',
    [
      ['127.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
    ],
  ],
  // ::/96 holds :: and the deprecated IPv4-compatible ::a.b.c.d, which no public source uses (::1 is loopback, above).
  [
    'unspecified',
    [
      ['0.0.0.0', 8, 'ipv4'],
      ['::', 96, 'ipv6'],
    ],
  ],
  [
    'private',
    [
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
    ],
  ],
  ['shared (CGNAT)', [['100.64.0.0', 10, 'ipv4']]],
  // 169.254.169.254 is where cloud VMs' metadata services (and their credentials) answer.
  [
    'link-local',
    [
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ],
  ],
  ['unique-local', [['fc00::', 7, 'ipv6']]],
];

// node:net's BlockList also matches an IPv4-mapped IPv6 address (::ffff:127.0.0.1) against the IPv4 ranges.
const LISTS = RANGES.map(([kind, subnets]) => {
  const list = new BlockList();
  for (const [network, prefix, type] of subnets) list.addSubnet(network, prefix, type);
  return [kind, list] as const;
});

/**
 * The kind of `host` (an IPv4 or IPv6 address, IPv6 with or without brackets, or a name) when
 * it leads inside the machine or its network: `localhost` and names under it are loopback by
 * definition (RFC 6761); any other name is `undefined`, as is a public address.
 */
export function internalKind(host: string): InternalKind | undefined {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  if (family === 0) return /(^|\.)localhost\.?$/i.test(bare) ? 'loopback' : undefined;
  return LISTS.find(([, list]) => list.check(bare, family === 4 ? 'ipv4' : 'ipv6'))?.[0];
}

/** `kind` as a message says it: `a loopback address`, `an unspecified address`. */
export function describeKind(kind: InternalKind): string {
  return `${kind === 'unspecified' ? 'an' : 'a'} ${kind} address`;
}

/** Which addresses lead inside the machine or its network (src/net/address-kind.ts), at the edges of each range. */
import { describe, expect, it } from 'vitest';
import { internalKind } from '../../src/net/address-kind.js';

describe('internalKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.255', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['localhost', 'loopback'],
    ['LOCALHOST.', 'loopback'],
    ['db.localhost', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.255.255.255', 'unspecified'],
    ['::', 'unspecified'],
    ['::7f00:1', 'unspecified'],
    ['10.0.0.0', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.0', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['::ffff:192.168.0.1', 'private'],
    ['100.64.0.0', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['[fdff:ffff::1]', 'unique-local'],
  ])('%s is %s', (address, kind) => {
    expect(internalKind(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '1.0.0.0',
    '2001:db8::1',
    'fec0::1',
    'fbff::1',
    '::ffff:8.8.8.8',
    'data.example.com',
    'localhost.example.com',
  ])('%s is public (or a name that only its lookup can tell)', (address) => {
    expect(internalKind(address)).toBeUndefined();
  });
});

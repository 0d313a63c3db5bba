/**
 * Remote sources stay where the operator pointed (docs/api.md#sources): a hostile source
 * server on 127.0.0.1 redirects to, and lists in manifests, a second server standing for an
 * internal service (listening on every local address, IPv4 and IPv6) in every spelling of a
 * local address; the internal service is never reached, each build fails at once with one
 * line naming the URL and the reason, and the previous site stays as it was. An origin the
 * operator names (the source server itself, a mirror given with --allow-origin) is read.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtemp, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildOptions } from '../../../src/index.js';
import { runCli } from '../../helpers/cli.js';
import { failedBuild } from '../../helpers/failed-build.js';
import { buildTempSite, hashTree } from '../../helpers/site.js';

const TINY = await readFile('test/fixtures/tiny/sources/data.json', 'utf8');
// Retries a second apart: a refusal that were retried would take seconds, not milliseconds.
const PATIENT: BuildOptions['fetch'] = { retries: 3, retryDelayMs: 1000 };

let source: Server;
let internal: Server;
// The same internal service on IPv6's loopback, so that a request to [::1] would be counted too (where the machine has IPv6).
let internal6: Server;
let mirror: Server;
let base: string;
let port: { internal: number; mirror: number };
const internalHits: string[] = [];
// Every request the source server answered, to tell a refusal from a retried one.
const sourceRequests: string[] = [];
// Each spelling of an address inside the machine, named by a test case; filled once the internal service listens.
const targets = new Map<string, string>();

const listen = async (server: Server, host: string, at = 0) => {
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(at, host, resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  const leak = (request: IncomingMessage, response: ServerResponse) => {
    internalHits.push(request.url ?? '/');
    response.end(TINY); // what an internal service would leak, read as records
  };
  [internal, internal6] = [createServer(leak), createServer(leak)];
  mirror = createServer((_, response) => void response.end(TINY));
  // Loopback only, as every server of the tests: 0.0.0.0 reaches 127.0.0.1 on this machine.
  port = { internal: await listen(internal, '127.0.0.1'), mirror: await listen(mirror, '127.0.0.1') };
  await listen(internal6, '::1', port.internal).catch(() => undefined);
  const spellings: [string, string][] = [
    ['127.0.0.1', `http://127.0.0.1:${port.internal}/secret.json`],
    ['[::1]', `http://[::1]:${port.internal}/secret.json`],
    ['localhost', `http://localhost:${port.internal}/secret.json`],
    ['0.0.0.0', `http://0.0.0.0:${port.internal}/secret.json`],
    ['169.254.169.254', 'http://169.254.169.254/latest/meta-data/secret.json'],
    ['decimal 2130706433', `http://2130706433:${port.internal}/secret.json`],
    ['hex 0x7f.1', `http://0x7f.1:${port.internal}/secret.json`],
    ['::ffff:127.0.0.1', `http://[::ffff:127.0.0.1]:${port.internal}/secret.json`],
  ];
  for (const [name, url] of spellings) targets.set(name, url);
  source = createServer((request, response) => {
    sourceRequests.push(request.url ?? '/');
    const url = new URL(request.url ?? '/', 'http://source');
    const to = url.searchParams.get('to') ?? '';
    if (url.pathname === '/data.json') return void response.end(TINY);
    if (url.pathname === '/redirect.json')
      return void response.writeHead(302, { location: targets.get(to) ?? to }).end();
    if (url.pathname === '/manifest.json')
      return void response.end(JSON.stringify({ sources: [targets.get(to) ?? to] }));
    response.writeHead(404).end();
  });
  base = `http://127.0.0.1:${await listen(source, '127.0.0.1')}`;
});

afterAll(async () => {
  for (const server of [source, internal, internal6, mirror].filter((server) => server.listening)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  // Every case below reached for the internal service; none may have got there.
  expect(internalHits).toEqual([]);
});

describe('remote sources', () => {
  it.each([
    ['127.0.0.1', 'a loopback'],
    ['[::1]', 'a loopback'],
    ['localhost', 'a loopback'],
    ['0.0.0.0', 'an unspecified'],
    ['169.254.169.254', 'a link-local'],
    ['decimal 2130706433', 'a loopback'],
    ['hex 0x7f.1', 'a loopback'],
    ['::ffff:127.0.0.1', 'a loopback'],
  ])('refuse a redirect and a manifest entry to %s, %s address nobody named', async (name, kind) => {
    const target = new URL(targets.get(name)!);
    const refusal = `on ${target.origin}, ${kind} address you did not name in --sources or --allow-origin; nothing was written`;
    const asked = sourceRequests.length;
    const redirect = await failedBuild({
      sources: `${base}/redirect.json?to=${encodeURIComponent(name)}`,
      fetch: PATIENT,
    });
    expect(redirect.message).toBe(
      `cannot fetch the sources ${base}/redirect.json?to=***: it redirects to ${target.href}, ${refusal}\n`,
    );
    const listed = await failedBuild({
      sources: `${base}/manifest.json?to=${encodeURIComponent(name)}`,
      fetch: PATIENT,
    });
    expect(listed.message).toBe(
      `cannot fetch the sources ${base}/manifest.json?to=***: it lists ${target.href}, ${refusal}\n`,
    );
    // Each refused at once, asked for once: a retried refusal would ask four times.
    const to = encodeURIComponent(name).replace(/%20/g, '+');
    expect(sourceRequests.slice(asked).map((url) => url.replace(/%20/g, '+'))).toEqual([
      `/redirect.json?to=${to}`,
      `/manifest.json?to=${to}`,
    ]);
  });

  it('refuse a name that resolves to a loopback address, even at an origin named with --allow-origin', async () => {
    const named = `http://localhost:${port.internal}`;
    const listed = await failedBuild({
      sources: `${base}/manifest.json?to=${encodeURIComponent(`${named}/secret.json`)}`,
      fetch: { ...PATIENT, allowOrigins: [named] },
    });
    expect(listed.message).toMatch(
      new RegExp(
        `^cannot fetch the sources ${named}/secret\\.json: localhost resolves to (127\\.0\\.0\\.1|::1), a loopback address; a source is read from such an address only when --sources or --allow-origin names the address itself; nothing was written\\n$`,
      ),
    );
    const direct = await failedBuild({ sources: `${named}/secret.json`, fetch: PATIENT });
    expect(direct.message).toMatch(
      /^cannot fetch the sources http:\/\/localhost:\d+\/secret\.json: localhost resolves to (127\.0\.0\.1|::1), a loopback address; .*; nothing was written\n$/,
    );
  });

  it('refuse an origin nobody named, saying how to name one that is not local', async () => {
    const other = `http://127.0.0.2:${port.mirror}`;
    const { message } = await failedBuild({
      sources: `${base}/redirect.json?to=${encodeURIComponent(`${other}/data.json`)}`,
      fetch: PATIENT,
    });
    expect(message).toContain(
      `: it redirects to ${other}/data.json, on ${other}, a loopback address you did not name in --sources or --allow-origin; nothing was written`,
    );
    const external = 'https://data.example.com/exhibitions.json';
    const listed = await failedBuild({
      sources: `${base}/manifest.json?to=${encodeURIComponent(external)}`,
      fetch: PATIENT,
    });
    expect(listed.message).toBe(
      `cannot fetch the sources ${base}/manifest.json?to=***: it lists ${external}, on https://data.example.com, an origin you did not name in --sources or --allow-origin (add --allow-origin https://data.example.com if it is meant); nothing was written\n`,
    );
  });

  it('read the origins the operator named: the loopback origin of --sources, and one given with --allow-origin', async () => {
    const local = await hashTree((await buildTempSite({ sources: 'test/fixtures/tiny/sources' })).out);
    expect(await hashTree((await buildTempSite({ sources: `${base}/data.json` })).out)).toEqual(local);
    const mirrored = `http://127.0.0.1:${port.mirror}/data.json`;
    const allowOrigins = [`http://127.0.0.1:${port.mirror}/`];
    expect(
      await hashTree(
        (
          await buildTempSite({
            sources: `${base}/redirect.json?to=${encodeURIComponent(mirrored)}`,
            fetch: { allowOrigins },
          })
        ).out,
      ),
    ).toEqual(local);
    expect(
      await hashTree(
        (
          await buildTempSite({
            sources: `${base}/manifest.json?to=${encodeURIComponent(mirrored)}`,
            fetch: { allowOrigins },
          })
        ).out,
      ),
    ).toEqual(local);
  });

  it('never print a password in a redirect, and refuse it at once', async () => {
    targets.set('with password', `http://user:pa55word@127.0.0.1:${port.mirror}/data.json`);
    const { message } = await failedBuild({
      sources: `${base}/redirect.json?to=with+password`,
      fetch: { ...PATIENT, allowOrigins: [`http://127.0.0.1:${port.mirror}`] },
    });
    expect(message).toContain(
      `: it redirects to http://***@127.0.0.1:${port.mirror}/data.json, a URL holding a user name or password; nothing was written`,
    );
    expect(message).not.toContain('pa55word');
  });

  it('take only origins as --allow-origin, a usage error otherwise', async () => {
    for (const given of [
      'data.example.com',
      'ftp://data.example.com',
      'https://data.example.com/sources/',
      'https://user:pa55word@data.example.com',
    ]) {
      const error = await buildTempSite({ sources: `${base}/data.json`, fetch: { allowOrigins: [given] } }).catch(
        (thrown: unknown) => thrown,
      );
      expect(error).toMatchObject({
        exitCode: 2,
        message: expect.stringMatching(
          /^--allow-origin ".*" is not an origin: give the scheme, host and port only, such as https:\/\/data\.example\.com or http:\/\/127\.0\.0\.1:8080$/,
        ),
      });
      expect((error as Error).message).not.toContain('pa55word');
    }
  });

  it('through the CLI: exit 1 with one line at once, and --allow-origin, repeatable, reads a mirror', async () => {
    const out = path.join(await mkdtemp(path.join(tmpdir(), 'ds-origins-')), 'site');
    const asked = sourceRequests.length;
    const refused = await runCli([
      'build',
      '--sources',
      `${base}/redirect.json?to=169.254.169.254`,
      '--out',
      out,
      '--fetch-retries',
      '3',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n').at(-1)).toBe(
      `error: cannot fetch the sources ${base}/redirect.json?to=***: it redirects to http://169.254.169.254/latest/meta-data/secret.json, on http://169.254.169.254, a link-local address you did not name in --sources or --allow-origin; nothing was written`,
    );
    // Refused at once: the redirect asked for once, where a retried refusal would ask four times.
    expect(sourceRequests.slice(asked)).toEqual(['/redirect.json?to=169.254.169.254']);
    const mirrored = encodeURIComponent(`http://127.0.0.1:${port.mirror}/data.json`);
    const allowed = await runCli([
      'build',
      '--sources',
      `${base}/redirect.json?to=${mirrored}`,
      '--out',
      out,
      '--allow-origin',
      'https://data.example.com',
      '--allow-origin',
      `http://127.0.0.1:${port.mirror}`,
    ]);
    expect(allowed.stdout).toMatch(/^built .*: 3 exhibitions/);
    expect(allowed.code).toBe(0);
    const help = await runCli(['build', '--help']);
    expect(help.stdout).toContain('--allow-origin <origin>');
  });
});

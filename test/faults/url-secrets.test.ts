/**
 * No secret in any line printed (issue 39, item 5): tokens in the query strings and user
 * names of URLs (`?X-Amz-Signature=…`, `?token=…`, `user:pass@`) are fed through every
 * command path that prints a URL (a remote source read, refused, failing or holding bad
 * records; a manifest's entries; a redirect; --sources, --base-url, --allow-origin,
 * --endpoint; publish to an endpoint that does not answer; the MCP server's start) with real
 * HTTP servers on 127.0.0.1, and no secret is in stdout or stderr.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli, type CliResult } from '../helpers/cli.js';
import { sampleSite } from '../helpers/site.js';

const TINY = await readFile('test/fixtures/tiny/sources/data.json', 'utf8');
/** Every secret the cases feed holds this word. */
const SECRET = 'SECRET';
let source: Server;
let base: string;
let other: string;
let closedPort: number;

beforeAll(async () => {
  source = createServer((request, response) => {
    const { pathname } = new URL(request.url!, 'http://source');
    if (pathname === '/good.json') return void response.end(TINY);
    if (pathname === '/bad.json') return void response.end('{"exhibitors": [\n{"id": "X1"}\n]}');
    if (pathname === '/status500.json') return void response.writeHead(500).end();
    if (pathname === '/manifest.json')
      return void response.end(
        JSON.stringify({ sources: ['good.json?sig=SECRET-ENTRY', `${other}/x.json?sig=SECRET-OTHER`] }),
      );
    if (pathname === '/redirect.json')
      return void response.writeHead(302, { Location: `${other}/x.json?X-Amz-Signature=SECRET-REDIRECT` }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  const { port } = source.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  other = `http://127.0.0.2:${port}`;
  // A port nothing listens on: take one, then let it go.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  source?.closeAllConnections();
  await new Promise((resolve) => source?.close(resolve));
});

async function build(...args: string[]): Promise<CliResult> {
  const out = path.join(await mkdtemp(path.join(tmpdir(), 'ds-secrets-')), 'site');
  return runCli(['build', '--out', out, '--fetch-retries', '0', ...args]);
}

/** What a command printed, checked to hold no secret. */
function printed(result: CliResult): string {
  const text = `${result.stdout}${result.stderr}`;
  expect(text).not.toContain(SECRET);
  return text;
}

describe('no secret of a URL in a printed line', () => {
  it('a remote source read: the progress line masks the query', async () => {
    const result = await build('--sources', `${base}/good.json?X-Amz-Signature=SIGSECRET&X-Amz-Credential=AKIDSECRET`);
    expect(result.code).toBe(0);
    expect(printed(result)).toContain(
      `fetched 1 source document from ${base}/good.json?X-Amz-Signature=***&X-Amz-Credential=***`,
    );
  });

  it('a source that fails, and one that holds bad records: the error and every problem line', async () => {
    const failed = await build('--sources', `${base}/status500.json?token=SECRET-TOKEN-M`);
    expect(failed.code).toBe(1);
    expect(printed(failed)).toContain(
      `error: cannot fetch the sources ${base}/status500.json?token=***: the server answered 500 Internal Server Error; nothing was written`,
    );
    const bad = await build('--sources', `${base}/bad.json?token=SECRET-TOKEN-B`);
    expect(bad.code).toBe(1);
    expect(printed(bad)).toMatch(
      new RegExp(`^${base.replaceAll('.', '\\.')}/bad\\.json\\?token=\\*\\*\\*:2: exhibitor X1: `, 'm'),
    );
  });

  it("a manifest's entries and a redirect", async () => {
    const listed = await build('--sources', `${base}/manifest.json?token=SECRET-MANIFEST`);
    expect(listed.code).toBe(1);
    expect(printed(listed)).toContain(
      `error: cannot fetch the sources ${base}/manifest.json?token=***: it lists ${other}/x.json?sig=***, on ${other}, a loopback address you did not name in --sources or --allow-origin; nothing was written`,
    );
    const redirected = await build('--sources', `${base}/redirect.json?token=SECRET-R`);
    expect(redirected.code).toBe(1);
    expect(printed(redirected)).toContain(`: it redirects to ${other}/x.json?X-Amz-Signature=***, on ${other}`);
    const password = await build('--sources', `http://user:SECRET-PASSWORD@127.0.0.1:${new URL(base).port}/good.json`);
    expect(printed(password)).toContain(
      `cannot fetch the sources http://***@127.0.0.1:${new URL(base).port}/good.json: a source URL may not hold`,
    );
  });

  it('a flag refused: --sources, --base-url, --allow-origin', async () => {
    const cases: [string[], string][] = [
      [
        ['--sources', 'http://[::1/x.json?token=SECRET-S'],
        '--sources "http://[::1/x.json?token=***" is not a valid URL',
      ],
      [
        ['--sources', `${base}/good.json`, '--base-url', 'https://user:SECRET-B@data.example.com/?token=SECRET-Q'],
        'got "https://***@data.example.com/?token=***"',
      ],
      [
        ['--sources', `${base}/good.json`, '--allow-origin', 'https://data.example.com/?token=SECRET-A'],
        '--allow-origin "https://data.example.com/?token=***" is not an origin',
      ],
    ];
    for (const [args, line] of cases) {
      const result = await build(...args);
      expect(result.code).toBe(2);
      expect(printed(result)).toContain(line);
    }
  });

  it('publish to an endpoint holding a password and a token, refused as a flag or not answering', async () => {
    const refused = await runCli([
      'publish',
      '--dir',
      sampleSite(),
      '--bucket',
      'b',
      '--endpoint',
      'ftp://user:SECRET-F@store.example.com/?token=SECRET-G',
    ]);
    expect(refused.code).toBe(2);
    expect(printed(refused)).toContain('got "ftp://***@store.example.com/?token=***"');
    const endpoint = `http://user:SECRET-P@127.0.0.1:${closedPort}/?token=SECRET-T`;
    const env = { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' };
    const args = [
      'publish',
      '--dir',
      sampleSite(),
      '--bucket',
      'b',
      '--endpoint',
      endpoint,
      '--force-path-style',
      '--timeout',
      '1',
      '--budget',
      '2',
    ];
    const unanswered = await runCli([...args, '--no-lease'], process.cwd(), env);
    expect(unanswered.code).toBe(74);
    expect(printed(unanswered)).toContain(`at http://***@127.0.0.1:${closedPort}/?token=***`);
  }, 30_000);

  it('the MCP server, started with a URL holding a password', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--base-url', `http://user:SECRET-M@127.0.0.1:${closedPort}`], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await new Promise((resolve) => child.stderr.once('data', resolve));
    child.stdin.end();
    await new Promise((resolve) => child.on('close', resolve));
    expect(printed({ code: 0, stdout: output, stderr: '' })).toContain(
      `answering from http://***@127.0.0.1:${closedPort} on stdin/stdout`,
    );
  });
});

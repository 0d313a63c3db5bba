/** `dataset-site serve` as a user runs it: by `npx` inside the repository, saying when its links lead elsewhere, quiet while it answers. */
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { freePort } from '../helpers/ports.js';
import { buildTempSite, sampleSite } from '../helpers/site.js';

describe('dataset-site serve as a process', () => {
  it('answers requests without printing a deprecation warning', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--dir', sampleSite(), '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        const match = /serving .* at (http:\/\/\S+?)\/ /.exec(stdout);
        if (match) resolve(match[1]!);
      });
      child.once('exit', () => reject(new Error(`serve ended: ${stderr}`)));
    });
    try {
      for (const path of ['/api/public/dataset?type=exhibition&limit=1', '/api/public/schema', '/nowhere'])
        await (await fetch(`${url}${path}`)).text();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stderr).not.toContain('Deprecation');
      // Built for http://localhost:8080 and served elsewhere: said once, with the fixes.
      expect(stderr).toMatch(
        /^warning: .* was built for http:\/\/localhost:8080, so every link .* Rebuild it with --base-url http:\/\/127\.0\.0\.1:\d+, or serve it with --port 8080, for links that lead here\.\n$/,
      );
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('says nothing of links when the site was built for localhost and is served at 127.0.0.1 on its port', async () => {
    const port = await freePort();
    const { out } = await buildTempSite({ sources: 'test/fixtures/tiny/sources', baseUrl: `http://localhost:${port}` });
    const child = spawn(process.execPath, [CLI, 'serve', '--dir', out, '--port', String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => (chunk.toString().includes('serving ') ? resolve() : undefined));
        child.once('exit', () => reject(new Error(`serve ended: ${stderr}`)));
      });
      await (await fetch(`http://127.0.0.1:${port}/api/public/schema`)).text();
      expect(stderr).toBe('');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('runs by npx inside the repository (the command is executable)', () => {
    const result = spawnSync('npx', ['--no-install', 'dataset-site', '--help'], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Usage: dataset-site');
  });
});

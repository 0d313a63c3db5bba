/**
 * The real hosts the adapters run on, as contract-suite targets: `wrangler pages dev`
 * (workerd, the Cloudflare runtime) and nginx, each over a built site on 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { R2_COMPATIBILITY_DATE } from '../../src/hosts/cloudflare-r2.js';
import { DEPLOY_FILES, initDeploy } from '../../src/hosts/init-deploy.js';
import { nginxServerBlock } from '../../src/hosts/nginx-server.js';
import { httpRequest, type Target } from '../contract/targets.js';
import { freePort } from '../helpers/ports.js';
import { fillBucket } from '../helpers/r2-bucket.js';

export { freePort } from '../helpers/ports.js';

/** The compatibility date the worker is run with; wrangler 4.86's workerd accepts it. */
export const COMPATIBILITY_DATE = '2026-05-01';

/** The nginx binary on PATH or in /usr/sbin, or `undefined` when nginx is not installed. */
export const NGINX = ['nginx', '/usr/sbin/nginx'].find((binary) => spawnSync(binary, ['-v']).status === 0);

/** `wrangler pages dev` serving the site in `dir`, with its `_worker.js`, `_routes.json` and `_headers`. */
export async function cloudflareTarget(dir: string): Promise<Target> {
  const work = await mkdtemp(path.join(tmpdir(), 'ds-wrangler-'));
  const port = await freePort();
  const wrangler = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');
  const args = [
    'pages',
    'dev',
    dir,
    '--compatibility-date',
    COMPATIBILITY_DATE,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    // Its own inspector port: two at once on the default (9229) stop the second (a test beside another run).
    '--inspector-port',
    String(await freePort()),
  ];
  // Its state, logs and scratch files go to a temporary folder, not the repository or $HOME.
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG_PATH: work, XDG_CONFIG_HOME: work };
  const child = spawn(process.execPath, [wrangler, ...args, '--persist-to', work], {
    cwd: work,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return hostTarget('cloudflare worker', child, `http://127.0.0.1:${port}`, work, () =>
    process.kill(-child.pid!, 'SIGTERM'),
  );
}

/**
 * `wrangler dev` (workerd, offline) running the Worker as `dataset-site init-deploy` configures it, its bucket a
 * local R2 bucket that holds the files of the site in `dir` (every one, or `files`), put there beforehand through
 * Miniflare into the state folder `wrangler dev --persist-to` reads (`bucketState`, for
 * helpers/r2-bucket.ts to read what the Worker wrote).
 */
export async function r2WorkerTarget(
  dir: string,
  files?: readonly string[],
): Promise<Target & { bucketState: string }> {
  const work = await mkdtemp(path.join(tmpdir(), 'ds-r2-'));
  const state = path.join(work, 'state');
  await fillBucket(dir, path.join(state, 'v3', 'r2'), files);
  // wrangler writes scratch files beside its configuration: the work folder, not the project, gets them.
  await initDeploy({ dir: path.join(work, 'deploy') });
  const port = await freePort();
  const wrangler = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');
  const config = path.join(work, 'deploy', DEPLOY_FILES.worker);
  const args = [
    'dev',
    '--config',
    config,
    '--persist-to',
    state,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--compatibility-date',
    R2_COMPATIBILITY_DATE,
    '--inspector-port',
    String(await freePort()),
  ];
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG_PATH: work, XDG_CONFIG_HOME: work };
  const child = spawn(process.execPath, [wrangler, ...args], {
    cwd: work,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const target = await hostTarget('R2 worker', child, `http://127.0.0.1:${port}`, work, () =>
    process.kill(-child.pid!, 'SIGTERM'),
  );
  return { ...target, bucketState: path.join(state, 'v3', 'r2') };
}

/**
 * nginx with the server block `dataset-site init-deploy` writes (its root `dir`, including
 * the site's `nginx.conf`), edited as an operator would: its address, and the query form
 * handed to `queryServer` (`host:port` of `dataset-site serve`).
 */
export async function nginxTarget(dir: string, queryServer: string): Promise<Target> {
  if (NGINX === undefined) throw new Error('nginx is not installed');
  const prefix = await mkdtemp(path.join(tmpdir(), 'ds-nginx-'));
  const port = await freePort();
  // nginx started by root serves as `nobody`, which must reach the site inside the temporary folder.
  await chmod(path.dirname(dir), 0o755);
  await writeFile(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
lock_file ${prefix}/nginx.lock;
error_log stderr warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/server.conf;
}
`,
  );
  const server = nginxServerBlock(dir)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('127.0.0.1:8787;', `${queryServer};`);
  await writeFile(path.join(prefix, 'server.conf'), server);
  const child = spawn(NGINX, ['-p', prefix, '-e', 'stderr', '-c', path.join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return hostTarget('nginx', child, `http://127.0.0.1:${port}`, prefix, () => child.kill('SIGTERM'));
}

// A target over a server process: ready once it answers over HTTP; a process that ends
// before that fails the start with what it printed. Closing stops it and removes `scratch`.
async function hostTarget(
  name: string,
  child: ChildProcess,
  url: string,
  scratch: string,
  stop: () => void,
): Promise<Target> {
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const target: Target = {
    name,
    url,
    request: (pathAndQuery, method) => httpRequest(url, pathAndQuery, method),
    async close() {
      if (child.exitCode === null && child.signalCode === null) stop();
      await exited;
      await rm(scratch, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} ended before it served:\n${output}`);
    if (
      await target.request('/api/public/schema').then(
        (answer) => answer.status === 200,
        () => false,
      )
    )
      return target;
    if (Date.now() > deadline) {
      await target.close!();
      throw new Error(`${name} did not serve ${url} within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Bundles the Cloudflare Pages worker (lib/hosts/cloudflare-worker.js, the
 * router of src/query and MiniSearch) into one ES module, which the build copies into
 * every site as `_worker.js`. Run by `npm run compile` after tsc.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { WORKER_BUNDLE } from '../src/hosts/cloudflare-pages.js';

await build({
  entryPoints: [fileURLToPath(new URL('../lib/hosts/cloudflare-worker.js', import.meta.url))],
  outfile: fileURLToPath(WORKER_BUNDLE),
  bundle: true,
  format: 'esm',
  // "neutral" resolves no Node built-ins: an import of node:* fails the bundle instead of the deploy.
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'warning',
});

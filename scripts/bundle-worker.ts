/**
 * Bundles the Cloudflare workers (lib/edge/cloudflare-worker.js for Pages,
 * lib/edge/cloudflare-r2-worker.js for Workers + R2: the router of src/query) and the browse page's script with the client SDK (lib/browse/browse.js)
 * into one ES module each, which the build copies into every site. Run by
 * `npm run compile` after tsc.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BROWSE_BUNDLE, PAGES_WORKER_BUNDLE, R2_WORKER_BUNDLE } from '../src/hosts/bundles.js';
import { PACKAGE_VERSION } from '../src/shared/package-version.js';

for (const [entry, bundle] of [
  ['../lib/edge/cloudflare-worker.js', PAGES_WORKER_BUNDLE],
  ['../lib/edge/cloudflare-r2-worker.js', R2_WORKER_BUNDLE],
  ['../lib/browse/browse.js', BROWSE_BUNDLE],
] as const) {
  await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    outfile: fileURLToPath(bundle),
    bundle: true,
    format: 'esm',
    // "neutral" resolves no Node built-ins: an import of node:* fails the bundle instead of the deploy.
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'warning',
    // The Worker's MCP endpoint names this version; a bundle has no package.json to read it from.
    define: { DATASET_SITE_VERSION: JSON.stringify(PACKAGE_VERSION) },
  });
}

/**
 * The worker bundles `npm run compile` writes (scripts/bundle-worker.ts): the build copies
 * the Pages worker and the browse script into every site; wrangler deploys the Worker over
 * R2 from the package (init-deploy.ts). Their URLs are relative to the package root, so they resolve
 * the same from src/ (tests) and lib/ (the installed command). The workers' sources are in edge/; their
 * bundles keep the paths of earlier releases, which an operator's `wrangler.toml` names as its `main`.
 */
import { readFileSync } from 'node:fs';

/** The Cloudflare Pages worker, `_worker.js` of a site. */
export const PAGES_WORKER_BUNDLE = new URL('../../lib/hosts/cloudflare-worker.bundle.js', import.meta.url);

/** The Cloudflare Worker over R2, the `main` of the `wrangler.toml` init-deploy writes. */
export const R2_WORKER_BUNDLE = new URL('../../lib/hosts/cloudflare-r2-worker.bundle.js', import.meta.url);

/** The browse page's script with the client SDK, `assets/browse.js` of a site. */
export const BROWSE_BUNDLE = new URL('../../lib/browse/browse.bundle.js', import.meta.url);

/** The text of a bundle; a missing one says to compile. */
export function bundleText(bundle: URL): string {
  try {
    return readFileSync(bundle, 'utf8');
  } catch (error) {
    throw new Error(`the bundle ${bundle.pathname} is missing; run npm run compile`, { cause: error });
  }
}

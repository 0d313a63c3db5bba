/**
 * The Workers + R2 files of a site (`r2-worker/`): the Worker (cloudflare-r2-worker.ts,
 * bundled) and the `wrangler.toml` template that deploys it over the bucket
 * `dataset-site publish` uploads the site to.
 */

/** Folder of the Workers + R2 files in the site root. */
export const R2_WORKER_FOLDER = 'r2-worker';

/** The compatibility date the Worker is written for and tested with. */
export const R2_COMPATIBILITY_DATE = '2026-05-01';

/** `r2-worker/wrangler.toml`: a template to copy and fill in (name, bucket, prefix), deployable as it is. */
export function wranglerToml(): string {
  return `# The Cloudflare Worker serving this site from an R2 bucket: every static document and
# the query form (/api/public/dataset?...) through the router, for a site of any size.
#   1. upload the site:  dataset-site publish --dir dist --endpoint https://<account>.r2.cloudflarestorage.com --bucket dataset-site
#   2. deploy:           npx wrangler deploy --config dist/${R2_WORKER_FOLDER}/wrangler.toml
# Set name, bucket_name and SITE_PREFIX (the --prefix of publish) to yours; add routes as you need.
name = "dataset-site"
main = "worker.js"
compatibility_date = "${R2_COMPATIBILITY_DATE}"

[[r2_buckets]]
binding = "SITE"
bucket_name = "dataset-site"

[vars]
SITE_PREFIX = ""
`;
}

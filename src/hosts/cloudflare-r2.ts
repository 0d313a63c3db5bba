/**
 * The Workers + R2 deploy configuration: the `wrangler.toml` that deploys the Worker
 * (edge/cloudflare-r2-worker.ts, bundled into the package) over the bucket `dataset-site publish`
 * uploads the site to. `dataset-site init-deploy` writes it into the project once; it is
 * the operator's to edit from then on.
 */

/** The compatibility date the Worker is written for and tested with. */
export const R2_COMPATIBILITY_DATE = '2026-05-01';

/** What `wrangler.toml` names: the Worker, its module, the bucket and the key prefix. */
export interface WranglerSettings {
  /** Name of the Worker on Cloudflare. */
  name: string;
  /** Path of the Worker's bundle, relative to the folder of `wrangler.toml`. */
  main: string;
  /** The R2 bucket holding the site. */
  bucket: string;
  /** The `--prefix` of publish. */
  prefix: string;
}

/** The text of `wrangler.toml`, deployable as it is once the bucket exists. */
export function wranglerToml({ name, main, bucket, prefix }: WranglerSettings): string {
  return `# The Cloudflare Worker serving the site from an R2 bucket: every static document and
# the query form (/api/public/dataset?...) through the router, for a site of any size.
# Written once by dataset-site init-deploy: yours to edit (name, bucket_name, SITE_PREFIX, routes).
#   1. upload the site:  dataset-site publish --dir dist --endpoint https://<account>.r2.cloudflarestorage.com --bucket ${bucket}
#   2. deploy:           npx wrangler deploy --config <this file>
# main is the Worker of the installed dataset-site: deploy again after upgrading it (docs/deploy.md).
name = ${tomlString(name)}
main = ${tomlString(main)}
compatibility_date = "${R2_COMPATIBILITY_DATE}"

[[r2_buckets]]
binding = "SITE"
bucket_name = ${tomlString(bucket)}

[vars]
SITE_PREFIX = ${tomlString(prefix)}
`;
}

// A TOML basic string: JSON's escapes are TOML's, but TOML also escapes DEL, which JSON leaves as it is.
function tomlString(text: string): string {
  return JSON.stringify(text).replaceAll('\x7f', '\\u007F');
}

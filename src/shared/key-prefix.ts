/** A bucket's key prefix as the command line takes it (`--prefix`), for publish and the deploy configuration alike. */
import { UserError } from './diagnostics.js';

/**
 * The key prefix a site's paths are put under in a bucket, as given to `--prefix`: without
 * leading slashes and ending in one (`site`, `/site` and `site//` are `site/`), `''` for
 * none. A `.` or `..` segment, or an empty one (`a//b/`), is a usage error (exit 2).
 */
export function resolveKeyPrefix(given: string): string {
  const prefix = given.replace(/^\/+/, '').replace(/\/*$/, '/').replace(/^\/$/, '');
  if (prefix.split('/').some((segment) => segment === '.' || segment === '..') || /\/\//.test(prefix))
    throw new UserError(`--prefix must be a plain key prefix such as site/; got ${JSON.stringify(given)}`, 2);
  return prefix;
}

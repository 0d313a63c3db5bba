/** `_headers` of the site, in Cloudflare Pages' format. */
import { API_ROOT, API_HEADERS, IMMUTABLE_CACHE_CONTROL, IMMUTABLE_FOLDERS } from '../query/formats/index.js';

/**
 * `_headers`: the headers of every API response ({@link API_HEADERS}, docs/api.md#headers) on
 * every static API document, and on the immutable ones (the search index, the snapshots) a
 * `Cache-Control` of {@link IMMUTABLE_CACHE_CONTROL} in place of the API's: Pages gives a path
 * every rule it matches, joining two values of one header, so those rules detach the first
 * (`! Cache-Control`). Hosts apply it to the files they serve, not to the answers of a worker
 * or function, which set the same headers themselves.
 */
export function headersFile(): string {
  const lines = Object.entries(API_HEADERS).map(([name, value]) => `  ${name}: ${value}`);
  const immutable = IMMUTABLE_FOLDERS.map(
    (folder) => `/${folder}/*\n  ! Cache-Control\n  Cache-Control: ${IMMUTABLE_CACHE_CONTROL}\n`,
  );
  return [`/${API_ROOT}/*\n${lines.join('\n')}\n`, ...immutable].join('');
}

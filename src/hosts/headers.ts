/** `_headers` of the site, in the format Netlify and Cloudflare Pages share. */
import { API_ROOT, API_HEADERS } from '../query/formats/index.js';

/**
 * `_headers`: the headers of every API response ({@link API_HEADERS}, docs/api.md#headers) on every static API document.
 * Hosts apply it to the files they serve, not to the answers of a worker or function,
 * which set the same headers themselves.
 */
export function headersFile(): string {
  const lines = Object.entries(API_HEADERS).map(([name, value]) => `  ${name}: ${value}`);
  return `/${API_ROOT}/*\n${lines.join('\n')}\n`;
}

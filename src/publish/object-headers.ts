/** The `Content-Type` and `Cache-Control` each object of a published site is stored with. */
import { documentHeaders, parseDumpPartPath, API_ROOT, API_HEADERS } from '../query/formats/index.js';

/** The headers an object is served with, set as its metadata when it is uploaded. */
export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
}

// Types by extension for the files outside the API (the host files, anything added to the site).
const TYPES: Readonly<Record<string, string>> = {
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.conf': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.ndjson': 'application/x-ndjson; charset=utf-8',
  '.gz': 'application/gzip',
  '.toml': 'application/toml',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};

/**
 * The headers of the object holding the site file at `path`: every file under
 * `api/public/` gets exactly the API's (`documentHeaders`, docs/api.md#headers: an immutable
 * document is kept for good), as `_headers` gives them on Pages (`api/public/404.html` is the
 * API's JSON 404, so it is JSON here too); any other file a type by its extension (plain text without one, such as
 * `_headers`; `application/octet-stream` when unknown) and the API's cache lifetime, since
 * the whole site is rebuilt on the same cycle.
 */
export function objectHeaders(path: string): ObjectHeaders {
  const cacheControl = API_HEADERS['Cache-Control']!;
  // The API's documents (and its JSON 404 page); the parts of the bulk dumps go by their extension.
  if (path.startsWith(`${API_ROOT}/`) && parseDumpPartPath(path) === undefined) {
    const headers = documentHeaders(path);
    return { contentType: headers['Content-Type']!, cacheControl: headers['Cache-Control']! };
  }
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const contentType =
    dot <= 0 ? 'text/plain; charset=utf-8' : (TYPES[name.slice(dot).toLowerCase()] ?? 'application/octet-stream');
  return { contentType, cacheControl };
}

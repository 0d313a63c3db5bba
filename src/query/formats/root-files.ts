/**
 * The files the router serves besides the API's JSON (docs/api.md#query-form): at the site
 * root `llms.txt`, the browse page and its script, each with its content type (the site
 * root itself is the browse page), and the types of the bulk dumps.
 */
/** Path of `llms.txt` in the site (docs/api.md#llms-txt). */
export const LLMS_TXT_PATH = 'llms.txt';

/** The content type `llms.txt` is served with. */
export const LLMS_TXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

/** Path of the browse page. */
export const BROWSE_PAGE_PATH = 'index.html';

/** Root files the router serves, with their content types. */
export const ROOT_FILES: Readonly<Record<string, string>> = {
  [LLMS_TXT_PATH]: LLMS_TXT_CONTENT_TYPE,
  [BROWSE_PAGE_PATH]: 'text/html; charset=utf-8',
  'assets/browse.js': 'text/javascript; charset=utf-8',
};

/** Content types of the bulk dumps: the NDJSON and its gzip copy. */
export const DUMP_CONTENT_TYPES = { ndjson: 'application/x-ndjson; charset=utf-8', gzip: 'application/gzip' } as const;

/**
 * What the browse page may load: its own script and styles, the site's documents, and its
 * empty `data:` icon (so no browser asks for a /favicon.ico the site has not); no other
 * origin, no inline script, no plugin, no framing.
 */
export const BROWSE_PAGE_POLICY =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * A listing or relation page (docs/api.md#listing-pages): the arrays of the kinds of its
 * type, then `_meta`. The build splices pages from serialized entities
 * (pipeline/assemble/assemble.ts); this is how readers take them back.
 */
import { COLLECTIONS, type Kind } from '../semantics/index.js';
import type { DatasetResponse } from './dataset-response.js';
import { parseDocument, SiteError } from '../formats/index.js';

/** Parses the page at `path`, which must tell the total of `kind` in `_meta.totals`. */
export function parseListingPage(path: string, text: string, kind: Kind): DatasetResponse {
  const page = parseDocument<DatasetResponse>(path, text);
  if (typeof page._meta?.totals?.[COLLECTIONS[kind]] !== 'number')
    throw new SiteError(`${path} has no _meta.totals; rebuild the site`);
  return page;
}

/**
 * The schema document (docs/api.md#schema-document), served at `/api/public/schema` and
 * its static path: the data dictionary plus the parameters of the dataset endpoint, all
 * generated. Written by the build, read by the router, `verify` and `query`.
 */
import {
  DATASET_PARAMETER_SCHEMAS,
  COLLECTIONS,
  KINDS,
  namesOfGroups,
  type IndustryNames,
} from '../semantics/index.js';
import { type Dictionary, type ResponseContext } from './dataset-response.js';
import {
  SCHEMA_VERSION,
  CHANGES_INDEX_PATH,
  FACETS_INDEX_PATH,
  dumpIndexPath,
  listingPath,
  OPENAPI_PATH,
  PAGE_SIZE,
  SCHEMA_PATH,
  parseDocument,
  SiteError,
  documentVersion,
  MCP_ROUTE,
  staticUrl,
  trimSlash,
} from '../formats/index.js';

/** Version of the schema document's own layout (`_meta.format_version`; its history: formats/site-documents.ts); readers reject any other. */
export const SCHEMA_DOCUMENT_VERSION = documentVersion('schema');

/**
 * The schema document of a site; `industries` the names of each industry the data names in
 * both languages, normalized, the one it goes by first (Dataset.industryGroups).
 */
export function schemaDocument(
  context: ResponseContext,
  industries: readonly (readonly string[])[],
  pageDepth: PageDepth,
) {
  return {
    parameters: DATASET_PARAMETER_SCHEMAS,
    industries: {
      description:
        'The industries the data names in both languages: `industry` finds the entities holding any name of an industry by each of its names; its listing pages and facet values go by its first.',
      names: industries,
      count: industries.length,
    },
    static_pages: {
      page_size: PAGE_SIZE,
      depth: pageDepth ?? null,
      example: staticUrl(context.baseUrl, listingPath('all', {}, 1)),
      description:
        pageDepth === undefined
          ? 'Every listing is also precomputed under /api/public/dataset/{type}[/industry/{v}][/country/{v}][/city/{v}][/status/{v}]/{page}.json (status with type exhibition only).'
          : `The first ${pageDepth} pages of every listing are also precomputed under /api/public/dataset/{type}[/industry/{v}][/country/{v}][/city/{v}][/status/{v}]/{page}.json (status with type exhibition only), but none of type all with filters (its kinds' listings of the same filters hold them), and the relation listings' every page; another window is answered by the query form, or by the client SDK from the listing's leaves.`,
    },
    _links: {
      self: staticUrl(context.baseUrl, SCHEMA_PATH),
      dataset: staticUrl(context.baseUrl, listingPath('all', {}, 1)),
      changes: staticUrl(context.baseUrl, CHANGES_INDEX_PATH),
      facets: staticUrl(context.baseUrl, FACETS_INDEX_PATH),
      openapi: staticUrl(context.baseUrl, OPENAPI_PATH),
      dumps: Object.fromEntries(
        KINDS.map((kind) => [COLLECTIONS[kind], staticUrl(context.baseUrl, dumpIndexPath(kind))]),
      ),
      // Answered where a router runs with it (dataset-site serve, the Worker over R2), not by static hosts.
      mcp: staticUrl(context.baseUrl, MCP_ROUTE),
    },
    _meta: {
      type: 'schema',
      schema_version: SCHEMA_VERSION,
      format_version: SCHEMA_DOCUMENT_VERSION,
      generated_at: context.generatedAt,
      base_url: trimSlash(context.baseUrl),
      entities: context.dictionary,
    },
  };
}

/** The schema document as written. */
export type SchemaDocument = ReturnType<typeof schemaDocument>;

/** What a reader takes from the schema document: the site's base URL, its dictionary and when it was made. */
export interface SiteDescription {
  baseUrl: string;
  generatedAt: string;
  dictionary: Dictionary;
  /** The whole document, as parsed. */
  document: SchemaDocument;
  /** Each name of an industry the data names in both languages → the name it goes by. */
  industryNames: IndustryNames;
  /** How many pages of each dataset listing the site holds; `undefined`: every page. */
  pageDepth: PageDepth;
}

/** How many static pages of each dataset listing a site holds (`--page-depth`); `undefined`: every page. */
export type PageDepth = number | undefined;

/**
 * Parses the schema document of a site. Another `format_version`, or a `_meta` without
 * `base_url` or `entities`, is a {@link SiteError} that says to rebuild.
 */
export function parseSchemaDocument(text: string): SiteDescription {
  const document = parseDocument<Partial<SchemaDocument>>(SCHEMA_PATH, text);
  const meta: Partial<SchemaDocument['_meta']> = document._meta ?? {};
  if (meta.format_version !== SCHEMA_DOCUMENT_VERSION) {
    throw new SiteError(
      `${SCHEMA_PATH} has format_version ${JSON.stringify(meta.format_version)}; this dataset-site reads version ${SCHEMA_DOCUMENT_VERSION}. Rebuild the site.`,
    );
  }
  if (typeof meta.base_url !== 'string' || typeof meta.entities !== 'object' || meta.entities === null) {
    throw new SiteError(`${SCHEMA_PATH} has no _meta.base_url or _meta.entities; rebuild the site`);
  }
  const industries = document.industries?.names;
  if (
    !Array.isArray(industries) ||
    !industries.every(
      (names) => Array.isArray(names) && names.length > 1 && names.every((name) => typeof name === 'string'),
    )
  )
    throw new SiteError(`${SCHEMA_PATH} has no industries.names, or a malformed one; rebuild the site`);
  // The count, written beside the names, catches names emptied or cut (a site of an earlier build of this format has none).
  const count = document.industries?.count;
  if (count !== undefined && count !== industries.length)
    throw new SiteError(
      `${SCHEMA_PATH} lists ${industries.length} industries in industries.names where its industries.count says ${count}: the document was changed or cut; rebuild the site, or publish it whole`,
    );
  const depth = document.static_pages?.depth;
  if (depth !== null && !(Number.isInteger(depth) && depth! > 0))
    throw new SiteError(`${SCHEMA_PATH} has no static_pages.depth, or a malformed one; rebuild the site`);
  return {
    baseUrl: meta.base_url,
    generatedAt: String(meta.generated_at),
    dictionary: meta.entities,
    document: document as SchemaDocument,
    industryNames: namesOfGroups(industries),
    pageDepth: depth ?? undefined,
  };
}

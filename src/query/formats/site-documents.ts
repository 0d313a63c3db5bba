/**
 * The registry of the documents a site holds (docs/api.md#documents): each kind named once,
 * with its paths, the version of its layout, who reads it, whether it is immutable and
 * whether a scheduled build carries it from run to run (a workflow restores only the state
 * folder and the dumps). Every module that writes or reads a kind takes its version from here,
 * and the site format, which publish compares with the format of the Worker deployed over a
 * bucket (publish/worker-format.ts), is derived from the kinds every reader reads.
 */
import {
  CHANGED_DOCUMENTS_PATH,
  FEED_STATE_PATH,
  LEASE_PATH,
  MANIFEST_PATH,
  PARTIAL_SITE_PATH,
  PUBLISH_JOURNAL_PATH,
  PUBLISHED_MANIFEST_PATH,
  RECORD_CACHE_PATH,
  ROTATION_STATE_PATH,
  SITE_FORMAT_PATH,
  SLOTS_STATE_PATH,
  TERM_CACHE_PATH,
  WORKER_RECORD_PATH,
} from './state-folder.js';

/** Who reads a kind of document. */
export type Audience =
  /** Any client: an API document the contract describes, or a document a host or an agent reads as it is. */
  | 'public'
  /** dataset-site's own readers (the router, and so every host, the SDK and MCP), never a client. */
  | 'internal'
  /** The build, verify or publish alone, never served (the state folder, or a bucket's). */
  | 'state';

/** A kind of document of a site. */
export interface DocumentKind {
  /** Its paths in the site (or a bucket), `{…}` standing for what the data or the build names. */
  readonly paths: readonly string[];
  /** The version of its layout, which its readers check; `null` where the contract alone gives its layout. */
  readonly version: number | null;
  readonly audience: Audience;
  /** Written once under a name no other content takes, and served `immutable` (docs/api.md#headers). */
  readonly immutable: boolean;
  /** Carried from build to build by a scheduled build, which restores only the state folder and the dumps. */
  readonly carried: boolean;
  /** Whether a reader of the site (the router) refuses another version: its version is part of the site format. */
  readonly format: boolean;
}

const document = (
  paths: readonly string[],
  version: number | null,
  audience: Audience,
  { immutable = false, carried = false } = {},
): DocumentKind => ({
  paths,
  version,
  audience,
  immutable,
  carried,
  format: audience !== 'state' && version !== null,
});

/**
 * Every kind of document a site holds. The versions' histories:
 * - search: 3, an entry and shards of terms and of filter values, read by the shard; 4, a term of many postings cut
 *   into pieces over several shards; 5, common query terms have lists of classes, and the ids of all entities are in
 *   chunks by rank; 6, a part of a common term's list writes its ranks and classes as one string, a chunk of ids holds
 *   its version and ids only, and blocks of 64 chunks are read where a window needs many; 7, common query terms
 *   reaching the same terms share one list, and a second index, for `text`; 8, the `status` filter's value shards and
 *   the exhibitions' days; 9, a common query term matches and is not scored, its list a set of entities a bit each at
 *   most; 10, documents name entities by slot; 11, a value shard's slots are written as a common list's members; 12,
 *   every document immutable, named by the generation that last changed it; 13, the chunks and blocks of ids hold the
 *   digest of each entity's body in their snapshot; 14, so do the term shards and sparse common lists, which name the
 *   windows of their matches again; 15, each names a body by its `_version` (the build that last changed it, 4
 *   characters that repeat from entity to entity) where a digest took 8; 16, value shards of the query filters
 *   (`product`, `service`, `organizer`, `venue`, `verified`).
 * - schema: 2, `_links.dumps`; 3, `_links.mcp`, no `maximum` of `limit`; 4, `industries`; 5, `static_pages.depth`.
 * - manifest (the build's): 5, its entries in files of their own. published (the bucket's): 2, sharded; 3, ETags; 4,
 *   sizes.
 */
export const SITE_DOCUMENTS = {
  search: document(['api/public/search/{kind}[/…]@{generation}.json'], 16, 'internal', { immutable: true }),
  bodies: document(['api/public/search/{kind}/bodies/{id}~{version}.json'], null, 'internal', { immutable: true }),
  snapshot: document(['api/public/snapshot.json'], 1, 'internal'),
  snapshots: document(['api/public/snapshots/{id}.json'], 1, 'internal', { immutable: true }),
  schema: document(['api/public/schema.json'], 5, 'public'),
  entities: document(['api/public/{collection}/{id}.json'], null, 'public'),
  pages: document(
    [
      'api/public/dataset/{type}[/{filter}/{value}…]/{page}.json',
      'api/public/exhibitions/{id}/exhibitors/{page}.json',
      'api/public/regions/{country}/{city}/providers/{page}.json',
    ],
    null,
    'public',
  ),
  facets: document(['api/public/facets/index.json', 'api/public/facets/{collection}/{filter}.json'], 1, 'public'),
  changes: document(['api/public/changes/…'], 1, 'public'),
  dumps: document(
    ['api/public/dumps/{collection}.json', 'api/public/dumps/{collection}/{key}.ndjson[.gz]'],
    1,
    'public',
    {
      carried: true,
    },
  ),
  leaves: document(['{listing folder}/leaves.json', '{listing folder}/leaves/{kind}/{key}.json'], 1, 'internal'),
  generated: document(
    ['llms.txt', 'api/public/openapi.json', 'index.html', '_headers', '{host files}'],
    null,
    'public',
  ),
  manifest: document([MANIFEST_PATH, '.dataset-site/manifest/{shard}.json'], 5, 'state', { carried: true }),
  records: document([RECORD_CACHE_PATH, '.dataset-site/records/{collection}/{key}.json'], 2, 'state', {
    carried: true,
  }),
  terms: document([TERM_CACHE_PATH, '.dataset-site/terms/…'], 1, 'state', { carried: true }),
  feed: document([FEED_STATE_PATH, '.dataset-site/changes/…'], 2, 'state', { carried: true }),
  slots: document([SLOTS_STATE_PATH, '.dataset-site/slots/{kind}/{block}.json'], 1, 'state', { carried: true }),
  rotation: document([ROTATION_STATE_PATH], 1, 'state', { carried: true }),
  changed: document([CHANGED_DOCUMENTS_PATH], null, 'state', { carried: true }),
  format: document([SITE_FORMAT_PATH], null, 'state', { carried: true }),
  partial: document([PARTIAL_SITE_PATH], null, 'state'),
  journal: document(['{site}.journal.json'], 1, 'state'),
  published: document([PUBLISHED_MANIFEST_PATH, '.dataset-site/published/{shard}.json'], 4, 'state'),
  publishing: document([PUBLISH_JOURNAL_PATH, LEASE_PATH, WORKER_RECORD_PATH], null, 'state'),
} as const satisfies Record<string, DocumentKind>;

/** The version of the layout of a kind of document, as the registry gives it. */
export function documentVersion<K extends keyof typeof SITE_DOCUMENTS>(kind: K): number {
  const { version } = SITE_DOCUMENTS[kind];
  if (version === null) throw new Error(`${kind} documents have no version of their own`);
  return version;
}

/** The version of each kind of document every reader of a site checks: what the site format is made of. */
const SITE_FORMAT_VERSIONS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(SITE_DOCUMENTS).flatMap(([kind, { format, version }]) => (format ? [[kind, version!]] : [])),
);

/**
 * The site format this dataset-site writes and reads, as one name, such as
 * `search14-snapshot1-snapshots1-schema5-facets1-changes1-dumps1-leaves1`: a site and a
 * reader of different formats cannot work together.
 */
export const SITE_FORMAT = Object.entries(SITE_FORMAT_VERSIONS)
  .map(([kind, version]) => `${kind}${version}`)
  .join('-');

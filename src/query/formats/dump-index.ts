/**
 * The index of a kind's bulk dump (docs/api.md#dumps): the dump is published in parts of
 * about a megabyte of lines, each named by a key that stands for its entities, so that a
 * rebuild rewrites (and a publish uploads) only the parts whose entities changed. The
 * index lists the parts in order, each with its entities, bytes and SHA-256, as large
 * public datasets list their files; read in order, the parts are every entity of the kind
 * in the default order, one a line.
 */
import { COLLECTIONS, type Kind } from '../semantics/index.js';
import { dumpIndexPath, dumpPartPath } from './paths.js';
import { staticUrl } from './urls.js';
import { documentVersion } from './site-documents.js';

/** Version of the index document's shape. */
export const DUMP_INDEX_VERSION = documentVersion('dumps');

/** One part of a dump as its index lists it. */
export interface DumpPartEntry {
  /** Stands for the part's entities (16 hex digits); it names the part's files. */
  key: string;
  /** Entities (lines) in the part. */
  count: number;
  /** Bytes of the part's NDJSON. */
  bytes: number;
  /** SHA-256 of the part's NDJSON, in hex. */
  sha256: string;
}

/** The index document of a kind's dump, made of its parts in order. */
export function dumpIndexDocument(kind: Kind, parts: readonly DumpPartEntry[], baseUrl: string) {
  return {
    collection: COLLECTIONS[kind],
    count: parts.reduce((sum, part) => sum + part.count, 0),
    bytes: parts.reduce((sum, part) => sum + part.bytes, 0),
    parts: parts.map((part) => ({
      url: staticUrl(baseUrl, dumpPartPath(kind, part.key)),
      gzip_url: staticUrl(baseUrl, dumpPartPath(kind, part.key, true)),
      count: part.count,
      bytes: part.bytes,
      sha256: part.sha256,
    })),
    _links: { self: staticUrl(baseUrl, dumpIndexPath(kind)) },
    _meta: { type: 'dump_index' as const, format_version: DUMP_INDEX_VERSION },
  };
}

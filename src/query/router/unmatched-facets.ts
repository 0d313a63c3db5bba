/**
 * `_meta.unmatched` of an answer with no match (docs/api.md#unmatched), read from the facet
 * documents of the filters given: each lists every value its filter matches among a kind's
 * entities, so a value missing from those of every kind asked is held by none. An answer
 * with a match reads nothing more.
 */
import type { DatasetType, FilterParameter, FilterValues, HeldValue, Kind } from '../semantics/index.js';
import { filteredKinds, unmatchedFilters, type UnmatchedFilter } from '../responses/index.js';
import { facetPath, parseFacetDocument } from '../formats/index.js';
import type { DocumentReader } from './document-reader.js';

/** The filter values of an answer with no match that no entity of the type's kinds holds, from the facet documents. */
export async function readUnmatched(
  reader: DocumentReader,
  type: DatasetType,
  filters: FilterValues,
  baseUrl: string,
): Promise<UnmatchedFilter[]> {
  const held = new Map<string, readonly HeldValue[]>();
  const given = (Object.keys(filters) as FilterParameter[]).flatMap((filter) =>
    filteredKinds(type, filter).map((kind) => [kind, filter] as const),
  );
  await Promise.all(
    given.map(async ([kind, filter]) => {
      const path = facetPath(kind, filter);
      const document = parseFacetDocument(path, await reader.required(path));
      reader.stamp(document._meta.generated_at);
      held.set(key(kind, filter), document.values);
    }),
  );
  const { industryNames } = await reader.site();
  return unmatchedFilters(type, filters, (kind, filter) => held.get(key(kind, filter))!, baseUrl, industryNames);
}

function key(kind: Kind, filter: FilterParameter): string {
  return `${kind} ${filter}`;
}

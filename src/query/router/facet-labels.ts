/**
 * The display names of a query's facet values (docs/api.md#query-facets): the labels of the facet
 * documents (docs/api.md#facets), one small document per field asked, which name each value as the
 * reference does. A value of a retained snapshot that the current documents no longer list keeps
 * the name filters compare it by.
 */
import { facetPath, parseFacetDocument } from '../formats/index.js';
import { labelFacet, type FacetCounts, type FilterParameter, type Kind } from '../semantics/index.js';
import type { DocumentReader } from './document-reader.js';

/** `counts` of a kind's values (as filters compare them), each named by its facet document's label. */
export async function labelFacets(reader: DocumentReader, kind: Kind, counts: FacetCounts): Promise<FacetCounts> {
  const fields = Object.keys(counts) as FilterParameter[];
  const labelled = await Promise.all(
    fields.map(async (filter) => {
      const path = facetPath(kind, filter);
      const document = parseFacetDocument(path, await reader.required(path));
      reader.stamp(document._meta.generated_at);
      const labels = new Map(document.values.map(({ value, label }) => [value, label]));
      return labelFacet(counts[filter]!, (value) => labels.get(value));
    }),
  );
  return Object.fromEntries(fields.map((filter, i) => [filter, labelled[i]!])) as FacetCounts;
}

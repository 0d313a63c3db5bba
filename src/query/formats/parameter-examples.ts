/** Examples of query values taken from the data itself, so that they find something: for llms.txt and the OpenAPI document. */
import type { Dataset } from '../semantics/dataset.js';
import { tokenize } from '../semantics/search.js';
import { facetValues } from './facets.js';

/** Query values that find something in this data: the most common exhibition city and exhibitor industry, a name prefix, a CJK bigram. */
export function parameterExamples(dataset: Dataset, baseUrl: string): { city?: string; industry?: string; q?: string; cjk?: string } {
  const word = dataset.entities.exhibitor.flatMap((entity) => tokenize(String(entity.company_en ?? ''))).find((term) => /^[a-z]{5,}$/.test(term));
  const cjk = dataset.entities.exhibition.map((entity) => String(entity.name_cn ?? '')).find((name) => /^\p{Script=Han}{2}/u.test(name));
  return {
    city: facetValues(dataset, 'exhibition', 'city', baseUrl)[0]?.label,
    industry: facetValues(dataset, 'exhibitor', 'industry', baseUrl)[0]?.label,
    q: word?.slice(0, 4),
    cjk: cjk === undefined ? undefined : [...cjk].slice(0, 2).join(''),
  };
}

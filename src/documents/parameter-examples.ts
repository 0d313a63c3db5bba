/** Examples of query values taken from the data itself, so that they find something: for llms.txt and the OpenAPI document. */
import { type Dataset } from '../query/dataset/index.js';
import { type Kind, KINDS, kindFilterParameters } from '../query/semantics/index.js';
import { tokenize } from '../query/search/index.js';
import type { DataExamples } from '../schema/index.js';
import { facetValues } from './facets.js';

// Made once per dataset and base URL: a build asks for them for llms.txt and for OpenAPI.
const made = new WeakMap<Dataset, Map<string, DataExamples>>();

/** Query values that find something in this data: the most common value of each filter of each kind, a name prefix, a product tag, a CJK bigram, the first entity of each kind. */
export function parameterExamples(dataset: Dataset, baseUrl: string): DataExamples {
  let byBaseUrl = made.get(dataset);
  if (!byBaseUrl) made.set(dataset, (byBaseUrl = new Map()));
  let examples = byBaseUrl.get(baseUrl);
  if (!examples) byBaseUrl.set(baseUrl, (examples = findExamples(dataset, baseUrl)));
  return examples;
}

function findExamples(dataset: Dataset, baseUrl: string): DataExamples {
  let word: string | undefined;
  for (const entity of dataset.entities.exhibitor) {
    word = tokenize(String(entity.company_en ?? '')).find((term) => /^[a-z]{5,}$/.test(term));
    if (word !== undefined) break;
  }
  const text = dataset.entities.exhibitor
    .flatMap((entity) => (Array.isArray(entity.product_tags) ? entity.product_tags : []))
    .find((tag): tag is string => typeof tag === 'string' && /^[A-Za-z][A-Za-z ]{3,30}$/.test(tag.trim()));
  const cjk = dataset.entities.exhibition
    .map((entity) => String(entity.name_cn ?? ''))
    .find((name) => /^\p{Script=Han}{2}/u.test(name));
  const entities: DataExamples['entities'] = {};
  for (const kind of KINDS) {
    const first = dataset.entities[kind][0];
    if (first !== undefined) entities[kind] = { id: String(first.id), country: first.country, city: first.city };
  }
  const exhibitions = dataset.entities.exhibition;
  const middle = Math.floor(exhibitions.length / 2);
  return {
    filters: Object.fromEntries(
      KINDS.map((kind) => [
        kind,
        Object.fromEntries(
          kindFilterParameters(kind).map((filter) => [filter, facetValues(dataset, kind, filter, baseUrl)[0]?.label]),
        ),
      ]),
    ),
    from: exhibitions[middle]?.start_date as string | undefined,
    to: exhibitions[Math.min(middle + 5, exhibitions.length - 1)]?.start_date as string | undefined,
    // The same exhibitions open in that window as overlap it, and more.
    start_from: exhibitions[middle]?.start_date as string | undefined,
    start_to: exhibitions[Math.min(middle + 5, exhibitions.length - 1)]?.start_date as string | undefined,
    sort: '-start_date',
    fields: 'company_en,city,product_tags',
    exhibition: related(dataset, 'exhibitor'),
    exhibitor: related(dataset, 'exhibition'),
    q: word?.slice(0, 4),
    text: text?.trim().replace(/\s+/g, ' ').toLowerCase(),
    cjk: cjk === undefined ? undefined : [...cjk].slice(0, 2).join(''),
    upcoming: upcomingWindow(dataset),
    entities,
  };
}

function upcomingWindow(dataset: Dataset): DataExamples['upcoming'] {
  const found = dataset.entities.exhibition.find(
    (entity) =>
      entity.status === 'upcoming' &&
      typeof entity.country === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(String(entity.start_date)),
  );
  if (found === undefined) return undefined;
  const [year, month] = String(found.start_date).split('-').map(Number) as [number, number];
  // Day 0 of the next month is the last day of this one.
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { country: found.country as string, from: `${String(found.start_date).slice(0, 7)}-01`, to: last };
}

// The id of an entity that `kind`'s relation filter finds some of `kind` by: the one relating to the most.
function related(dataset: Dataset, kind: Kind): string | undefined {
  let best: [string, number] | undefined;
  for (const [id, ranks] of dataset.relationPostings(kind))
    if (best === undefined || ranks.length > best[1] || (ranks.length === best[1] && id < best[0]))
      best = [id, ranks.length];
  return best?.[0];
}

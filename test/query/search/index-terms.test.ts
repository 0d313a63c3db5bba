/**
 * The build indexes names for search without MiniSearch's tree (indexTerms), and queries
 * are scored as MiniSearch scores that index: the two must hold the same index. Held here
 * to MiniSearch's own index of the same entities, to the bit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSite } from '../../../src/site/index.js';
import { sampleSite } from '../../helpers/site.js';
import { KINDS, type Kind, type Entity } from '../../../src/query/semantics/index.js';
import { indexTerms } from '../../../src/query/search/forward-index.js';
import { miniSearchOf } from './minisearch-index.js';

/** The index as MiniSearch builds it: terms sorted, postings flat (rank, tf, …) by rank, lengths and averages. */
function miniSearchIndex(kind: Kind, entities: readonly Record<string, unknown>[]) {
  const json = miniSearchOf(kind, entities).toJSON();
  const postings = (fields: Record<string, number> | undefined) =>
    Object.entries(fields ?? {}).flatMap(([rank, tf]) => [Number(rank), tf]);
  return {
    terms: json.index
      .map(([term, fields]) => [term, postings(fields['0']), postings(fields['1'])])
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
    lengths: entities.map((_, rank) => (json.fieldLength as Record<string, number[]>)[rank]),
    averageLengths: entities.length === 0 ? [0, 0] : json.averageFieldLength,
  };
}

function ours(kind: Kind, entities: readonly Record<string, unknown>[]) {
  const indexed = indexTerms('q', kind, entities as Entity[]);
  return {
    terms: [...indexed.terms]
      .map(([term, [cn, en]]) => [term, [...cn], [...en]])
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
    lengths: indexed.lengths,
    averageLengths: indexed.averageLengths,
  };
}

describe('the index of names the build makes', () => {
  it("is MiniSearch's index of the sample's entities of every kind", async () => {
    const { dataset } = await readSite(sampleSite());
    for (const kind of KINDS)
      expect(ours(kind, dataset.entities[kind])).toEqual(miniSearchIndex(kind, dataset.entities[kind]));
  });

  it("is MiniSearch's index of any names: accents, CJK runs, repeated words, empty and missing names (property)", () => {
    const word = fc.constantFrom(
      'Köln',
      'koln',
      'Messe',
      'messe',
      'Xi’an',
      '汽车展',
      '展',
      '公司',
      'A',
      '1',
      'ＡＢＣ',
      'é',
      '-',
      '',
    );
    const name = fc.oneof(
      fc.array(word, { maxLength: 6 }).map((words) => words.join(' ')),
      fc.string({ maxLength: 12 }),
      fc.constant(null),
    );
    const entity = fc.record({ id: fc.uuid(), company_cn: name, company_en: name });
    fc.assert(
      fc.property(fc.array(entity, { maxLength: 40 }), (entities) => {
        expect(ours('exhibitor', entities)).toEqual(miniSearchIndex('exhibitor', entities));
      }),
      { numRuns: 300 },
    );
  });
});

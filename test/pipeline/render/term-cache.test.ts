/**
 * The term cache (pipeline/cache/term-cache.ts, term-entries.ts): a rebuild takes from it the
 * terms of every entity whose record did not change, and tokenizes the others. Held here: the
 * term shards it gives are those made without it, after edits, moves, arrivals and departures,
 * with a damaged block, and the index once its numbering is made again; it takes exactly the
 * unchanged entities; it rewrites only the blocks of the slots that changed; and its files read back as
 * written, and not for other code.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  entryKeys,
  noOrigins,
  readTermCache,
  sourceKey,
  termCacheFiles,
  type PieceCache,
} from '../../../src/pipeline/cache/index.js';
import {
  compactNumbering,
  datasetSlots,
  forwardIndex,
  indexTerms,
  invertForward,
  rankSlots,
  type ForwardIndex,
  type SlotAssignment,
} from '../../../src/query/search/index.js';
import { renderTermsAside, termsPiece } from '../../../src/pipeline/render/terms-aside.js';
import { Dataset } from '../../../src/query/dataset/index.js';
import { renderTermPiece } from '../../../src/pipeline/render/term-piece.js';
import type { Entity, Search } from '../../../src/query/semantics/index.js';

const WORDS = [
  'pump',
  'pumps',
  'valve',
  'robot',
  'steel',
  'export',
  'products',
  'industrial',
  '有限公司',
  '汽车配件',
  'Köln',
];

// `count` exhibitors of a few words each, the same for the same `seed`.
function exhibitors(count: number, seed = 1): Entity[] {
  let state = seed;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]!).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    id: `EXR-${i}`,
    company_en: `${words(2)} Co ${i}`,
    company_cn: words(1),
    product_tags: [words(1), words(2)],
    intro: words(12),
  }));
}

// One build's piece of a search over `entities` given slots, from `previous` (its term cache) when given: its term shards
// and term cache, and how many entities it took from `previous`. Each entity's record key is its JSON's.
function renderOnce(search: Search, entities: Entity[], slots: SlotAssignment, previous?: PieceCache) {
  const keys = entryKeys(entities.map((entity) => sourceKey(JSON.stringify(entity))));
  const piece = termsPiece(search, 'exhibitor', entities, slots, keys, previous);
  const known = piece.known?.reduce((sum, mark) => sum + mark, 0) ?? 0;
  return { ...renderTermPiece(piece), known };
}

// The piece rendered from a cache is the one rendered without it, document for document.
function expectSameAsWithout(
  rendered: ReturnType<typeof renderOnce>,
  search: Search,
  entities: Entity[],
  slots: SlotAssignment,
): void {
  const without = renderOnce(search, entities, slots);
  expect(rendered.terms).toEqual(without.terms);
}

// An index of terms as plain values: terms sorted, postings as arrays.
function plain({ terms, lengths, averageLengths }: ReturnType<typeof indexTerms>) {
  return {
    terms: [...terms].map(([term, [cn, en]]) => [term, [...cn], [...en]]).sort(([a], [b]) => (a! < b! ? -1 : 1)),
    lengths,
    averageLengths,
  };
}

function expectIndexOf(forward: ForwardIndex, search: Search, entities: Entity[]): void {
  expect(plain(invertForward(forward))).toEqual(plain(indexTerms(search, 'exhibitor', entities)));
}

describe('the term cache', () => {
  it.each<Search>(['q', 'text'])(
    'gives the term shards made without it, taking exactly the unchanged entities, after each change (%s)',
    (search) => {
      let entities = exhibitors(2_600);
      let slots = rankSlots(entities.map((entity) => entity.id));
      let { cache } = renderOnce(search, entities, slots);
      const changes: [string, (list: Entity[]) => Entity[], number][] = [
        [
          'edited, with a new word',
          (list) =>
            list.map((e, i) =>
              i === 5 ? { ...e, company_en: `${String(e.company_en)} Rivets`, intro: `${String(e.intro)} rivets` } : e,
            ),
          1,
        ],
        ['moved to the top', (list) => [list[2_000]!, ...list.slice(0, 2_000), ...list.slice(2_001)], 0],
        [
          'added',
          (list) => [
            ...list.slice(0, 10),
            { ...list[1]!, id: 'EXR-NEW', company_en: 'New Rivet Co' },
            ...list.slice(10),
          ],
          1,
        ],
        ['deleted', (list) => list.filter((_, i) => i !== 1_500), 0],
        ['nothing', (list) => list, 0],
      ];
      for (const [how, change, tokenized] of changes) {
        const blocksBefore = cache.blocks;
        entities = change(entities);
        const kept = { exhibitor: slots.idsBySlot };
        slots = datasetSlots(
          { entities: { exhibition: [], exhibitor: entities, service_provider: [] } },
          kept,
        ).exhibitor;
        const again = renderOnce(search, entities, slots, cache);
        expectSameAsWithout(again, search, entities, slots);
        expect(again.known, how).toBe(entities.length - tokenized);
        // Only the blocks of the slots that changed are written anew: the edited, the arrival's (the last) and the hole's.
        const rewritten = again.cache.blocks.filter((block, i) => block !== blocksBefore[i]).length;
        expect(rewritten, how).toBe(how === 'moved to the top' || how === 'nothing' ? 0 : 1);
        cache = again.cache;
      }
    },
  );

  it('tokenizes the entities of a damaged block, and those whose records changed', () => {
    const entities = exhibitors(2_600);
    const slots = rankSlots(entities.map((entity) => entity.id));
    const { cache } = renderOnce('text', entities, slots);
    const damaged = { ...cache, blocks: [cache.blocks[0]!.slice(0, 1_000), 'not base64 !', ...cache.blocks.slice(2)] };
    const again = renderOnce('text', entities, slots, damaged);
    expectSameAsWithout(again, 'text', entities, slots);
    expect(again.known).toBe(2_600 - 2_048);
    const changed = entities.map((entity, i) => (i % 100 === 0 ? { ...entity, intro: 'steel rivets' } : entity));
    const third = renderOnce('text', changed, slots, cache);
    expectSameAsWithout(third, 'text', changed, slots);
    expect(third.known).toBe(2_600 - 26);
  });

  it('renders a piece again without it when an entry names a term its numbering lacks', async () => {
    const entities = exhibitors(1_500);
    const dataset = new Dataset({ exhibition: [], exhibitor: entities, service_provider: [] });
    const slots = datasetSlots(dataset);
    const origins = noOrigins();
    for (const entity of entities)
      origins.exhibitor.set(entity.id, { key: sourceKey(JSON.stringify(entity)), previous: undefined });
    const first = await renderTermsAside(dataset, slots, { origins });
    const cache = first.caches.text!.exhibitor!;
    // Every record unchanged, so no entity's fields are packed: the damage shows only once an entry is read.
    const damaged = {
      ...first.caches,
      text: { ...first.caches.text, exhibitor: { ...cache, terms: cache.terms.slice(0, 10) } },
    };
    const again = await renderTermsAside(dataset, slots, { previous: damaged, origins });
    expect(again.searches).toEqual(first.searches);
    expect(again.caches).toEqual(first.caches);
  });

  it('numbers its terms again once the unused ones outnumber the used, and still gives the same index', () => {
    const entities = exhibitors(1_200);
    const slots = rankSlots(entities.map((entity) => entity.id));
    const { cache } = renderOnce('text', entities, slots);
    // A numbering kept from builds whose entities held 6,000 terms none holds now.
    const unused = Array.from({ length: 6_000 }, (_, i) => `gone${i}`);
    const grown = forwardIndex('text', 'exhibitor', entities, {
      terms: [...unused, ...cache.terms],
      pairCount: 0,
      append: () => -1,
    });
    expect(grown.terms).toHaveLength(6_000 + cache.terms.length);
    expect(compactNumbering(grown)).toBe(true);
    expect(grown.terms).toEqual(cache.terms);
    expectIndexOf(grown, 'text', entities);
  });

  it('reads back the files it writes, and nothing for other code or when a file is missing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ds-term-cache-'));
    const entities = exhibitors(1_500);
    const slots = rankSlots(entities.map((entity) => entity.id));
    const caches = {
      q: { exhibitor: renderOnce('q', entities, slots).cache },
      text: { exhibitor: renderOnce('text', entities, slots).cache },
    };
    const files = termCacheFiles('code-1', caches);
    for (const file of files) {
      await mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
      await writeFile(path.join(dir, file.path), file.content);
    }
    expect(await readTermCache(dir, 'code-1')).toEqual(caches);
    expect(await readTermCache(dir, 'code-2')).toEqual({});
    await rm(path.join(dir, files.find((file) => file.path.endsWith('text/exhibitor/slots-1.txt'))!.path));
    expect(await readTermCache(dir, 'code-1')).toEqual({ q: caches.q });
    await rm(dir, { recursive: true, force: true });
  });
});

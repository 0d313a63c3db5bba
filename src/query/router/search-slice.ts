/**
 * A window of a `q` or `text` query (or both), or of exhibitions by date, answered from the
 * search indexes of one kind read by the shard: an index's entry says which shards each term
 * needs or whether it is common, the term shards and the common terms' lists give the scores,
 * the value shards apply the filters (both kept per search), the exhibitions' days apply
 * `from`, `to` and `sort`, only the window is put in order, its ids come from the chunks and
 * blocks of ids, and its entities are the bodies the snapshot names (snapshot-bodies.ts).
 */
import {
  shardHoldingValue,
  relevanceWindow,
  type CommonList,
  searchShards,
  type SearchMatches,
  queryTerms,
  allMatches,
  anyMatches,
  commonParts,
  searchIndexPath,
  parseExhibitionDates,
  type ExhibitionDays,
  parseCommonPart,
  parseIds,
  parseSearchEntry,
  parseTermShard,
  parseTextEntry,
  type SearchEntry,
  type SlotOrder,
  type TextEntry,
  joinCommonParts,
  type EntryVersions,
} from '../search/index.js';
import {
  type FilterValues,
  FILTER_PARAMETERS,
  filterAlternatives,
  kindRelation,
  type ValueParameter,
  type Kind,
  dayWindow,
  isScheduled,
  isWindowed,
  startOrderWindow,
  startWindow,
  withinSchedule,
  type Schedule,
  alternativesOf,
  givenSearches,
  type Search,
  type SearchTexts,
  normalize,
} from '../semantics/index.js';
import type { KindSlice } from '../responses/index.js';
import { SiteError, versionedPath } from '../formats/index.js';
import { BoundedCache } from './bounded-cache.js';
import { idsByRank, namedInRanks, type NamedEntity } from './ids-by-rank.js';
import { snapshotBodies } from './snapshot-bodies.js';
import type { DocumentReader } from './document-reader.js';
import type { DocumentStore } from './store.js';
import type { Kept, KeptReader } from './kept.js';
import { readValueShard } from './value-shard-reads.js';
import { countSliceFacets, type FacetsOfSlice } from './facet-slice.js';

/**
 * Bytes of parsed shards, lists and ids, and of the scored matches of recent `q`s, a router
 * keeps per store, all kinds together: the commonest lists of the L set (`公司`, about
 * 244,000 exhibitors) take 1.5 MB each parsed and the matches of a `q` of them 2.9 MB, so
 * this keeps a few dozen of them and hundreds of shards, and leaves most of a Worker
 * isolate's 128 MB to the requests themselves (a `q` of common terms over L holds the
 * scores of its matches, 2 MB for each of `有限`'s 244,000, and an answer of 1,500
 * entities about 2 MB of text, while it is answered).
 */
export const SHARD_CACHE_BYTES = 32 * 2 ** 20;

// Parsing and scoring are the costly part of a `q` answer, so what was parsed and scored is kept per store, under
// the revision of its kind's index: a rebuild is picked up at once, with no stale answers.
const kept = new WeakMap<
  DocumentStore,
  { entries: Map<string, SearchEntry | TextEntry>; parsed: BoundedCache<string, Kept> }
>();

/**
 * The entities of one kind matching the searches (`q`, `text`), `filters` (as they match: matchedFilters), the date
 * windows of `schedule` and the kind's relation filter to any of the entities of ids `related` (when given) in
 * the window [offset, offset + limit), in relevance order, or by start date when `schedule`
 * sorts (the JSON texts of their documents), and how many match in all. Without a search
 * every entity matches, in the default order. With `facets`, the values of those fields among every match, counted
 * from the value shards (facet-slice.ts), as filters compare them. The bodies are the snapshot's: those `knownBodies` gives (by id) where
 * they are, else the entities' own documents or their copies (snapshot-bodies.ts).
 */
export async function readSearchSlice(
  reader: DocumentReader,
  kind: Kind,
  searches: SearchTexts,
  filters: FilterValues,
  schedule: Schedule,
  limit: number,
  offset: number,
  related?: readonly string[],
  knownBodies?: () => Promise<ReadonlyMap<string, string>>,
  facets?: FacetsOfSlice,
): Promise<KindSlice<string>> {
  const given = givenSearches(searches);
  const { entry, parsed, text } = await loadEntries(
    reader,
    kind,
    given.some(([search]) => search === 'text'),
  );
  reader.stamp(entry.generatedAt);
  // The parsed document kept under `key` and the revision of the index it belongs to, else `parse`d (which reads) and kept.
  const keptReader =
    (revision: string): KeptReader =>
    async <T extends Kept>(key: string, parse: () => Promise<T>, bytes: (value: T) => number): Promise<T> => {
      const cacheKey = `${revision}\n${key}`;
      let value = parsed.get(cacheKey) as T | undefined;
      if (value === undefined) {
        value = await parse();
        parsed.set(cacheKey, value, bytes(value));
      }
      reader.stamp(value.generatedAt);
      return value;
    };
  const read = keptReader(entry.revision);
  // The scores of every match of a search, kept like a document: a search paged through, or narrowed by filters, is scored once.
  const searched = async (search: Search, value: string): Promise<SearchMatches> => {
    const index = search === 'q' ? entry : text!;
    if (index !== entry) reader.stamp(index.generatedAt);
    const readIndex = keptReader(index.revision);
    const kept = await readIndex(
      `${kind} ${search} ${JSON.stringify(value)}`,
      () => scoreMatches(index, entry.slots, search, value, readIndex, kind, reader),
      (scored) => matchesBytes(scored.matches),
    );
    return kept.matches;
  };
  const parts = await Promise.all(
    given.map(([search, value]) =>
      Promise.all(alternativesOf(search, value).map((alternative) => searched(search, alternative))),
    ),
  );
  // Of several searches, or alternatives, the matches of all, kept too: each part is looked up all the same, for its stamp.
  const matches =
    parts.length === 0
      ? everyRank(entry.index.count)
      : parts.length === 1 && parts[0]!.length === 1
        ? parts[0]![0]!
        : (
            await read(
              `${kind} matched ${JSON.stringify(given)}`,
              async () => ({ derived: allMatches(parts.map(anyMatches)) }),
              (value) => scoredBytes(value.derived),
            )
          ).derived;
  const tests: ((rank: number) => boolean)[] = [];
  // `filters` as they match (matchedFilters): a tag filter's alternatives, any of which passes, between `|`.
  const wanted = FILTER_PARAMETERS.filter((filter) => filters[filter] !== undefined).map((filter): Wanted => [
    filter,
    filterAlternatives(filter, filters[filter]!).map(normalize),
    entry.filters[filter],
  ]);
  const relation = kindRelation(kind);
  if (related !== undefined) {
    if (relation === undefined || entry.relations[relation] === undefined)
      throw new SiteError(`the search index of ${kind} has no relation filter; rebuild the site`);
    wanted.push([relation, related, entry.relations[relation]]);
  }
  if (wanted.length > 0 && matches.ranks.length > 0) {
    // The entities passing every filter, kept like the scores: a filtered `q` paged through applies its filters once.
    const { passing } = await read(
      `${kind} filters ${JSON.stringify(wanted.map(([parameter, value]) => [parameter, value]))}`,
      () => passingFilters(entry, kind, wanted, read, reader),
      (value) => value.passing.byteLength,
    );
    tests.push((rank) => passing[rank] === 1);
  }
  const { days } = isScheduled(schedule) ? await readDays(entry, read, reader) : { days: undefined };
  if (days !== undefined && isWindowed(schedule)) {
    const [window, opening] = [dayWindow(schedule), startWindow(schedule)];
    tests.push((rank) => withinSchedule(days.starts[rank]!, days.ends[rank]!, window, opening));
  }
  const allowed =
    tests.length === 0
      ? undefined
      : tests.length === 1
        ? tests[0]
        : (rank: number) => tests.every((test) => test(rank));
  // What decides the matches in order: a filtered search, paged through or asked again, is narrowed and ordered once.
  const answer = JSON.stringify([
    given,
    wanted.map(([parameter, value]) => [parameter, value]),
    days === undefined
      ? null
      : [schedule.from ?? null, schedule.to ?? null, schedule.start_from ?? null, schedule.start_to ?? null],
  ]);
  const narrowed =
    allowed === undefined
      ? matches
      : (
          await read(
            `${kind} narrowed ${answer}`,
            async () => ({ derived: keptMatches(matches, allowed) }),
            (value) => scoredBytes(value.derived),
          )
        ).derived;
  const window =
    days !== undefined && schedule.sort !== undefined
      ? startOrderWindow(narrowed.ranks, undefined, schedule.sort, (rank) => days.starts[rank]!, offset, limit)
      : offset + limit <= KEPT_IN_ORDER
        ? windowOf(
            (
              await read(
                `${kind} ordered ${answer}`,
                async () => ({ ordered: relevanceWindow(narrowed, undefined, 0, KEPT_IN_ORDER) }),
                (value) => 8 * value.ordered.ranks.length,
              )
            ).ordered,
            offset,
            limit,
          )
        : relevanceWindow(narrowed, undefined, offset, limit);
  const named = narrowed.namedBy
    ? Array.from(window.ranks, (rank) => namedInRanks(narrowed.namedBy!, rank))
    : await idsByRank(entry.versions, window.ranks, entry.slots, (path, slots) =>
        read(
          path,
          async () => ({ ids: parseIds(path, await reader.required(path), slots) }),
          (value) => 72 * value.ids.ids.length,
        ).then((value) => value.ids),
      );
  if (named.includes(undefined))
    throw new SiteError(`the search index of ${kind} does not name an entity it matches; rebuild the site`);
  const { baseUrl } = await reader.site();
  const known = named.length === 0 ? undefined : await knownBodies?.();
  const entities = await snapshotBodies(reader, kind, named as NamedEntity[], baseUrl, known);
  if (facets === undefined) return { entities, total: window.total };
  return {
    entities,
    total: window.total,
    facets: await countSliceFacets(facets, narrowed.ranks, answer, entry, kind, read, reader),
  };
}

// Every rank of a kind, scored alike: the matches of no search, which keep the default order.
function everyRank(count: number): SearchMatches {
  const ranks = new Int32Array(count);
  for (let rank = 0; rank < count; rank++) ranks[rank] = rank;
  return { ranks, scores: new Float64Array(count), namedBy: undefined };
}

// The exhibitions' days by rank, read through `read`.
async function readDays(
  entry: SearchEntry,
  read: KeptReader,
  reader: DocumentReader,
): Promise<{ days: ExhibitionDays }> {
  const path = entry.versions.dates();
  return read(
    path,
    async () => ({ days: parseExhibitionDates(path, await reader.required(path), entry.index.count) }),
    (value) => value.days.starts.byteLength + value.days.ends.byteLength,
  );
}

// Scores every match of a search's `value` over its `index`, reading the shards and lists it needs through `read`: the
// matches, and the latest generated_at of what they were scored from, for the answers they are kept for.
async function scoreMatches(
  { index, versions }: TextEntry,
  slots: SlotOrder,
  search: Search,
  value: string,
  read: KeptReader,
  kind: Kind,
  reader: DocumentReader,
): Promise<{ matches: SearchMatches; generatedAt: string }> {
  const { later, latest } = latestStamp();
  const termShard = async (start: string) => {
    const path = versions.termShard(start);
    const value = await read(
      path,
      async () => parseTermShard(path, await reader.required(path), kind, start, slots),
      (parsed) => parsed.shard.bytes,
    );
    return later(value).shard;
  };
  const commonList = async (term: string) => {
    const kept = await read(
      versions.commonPart(term, 0),
      () => readCommonList(reader, kind, term, versions, slots),
      (parsed) => listBytes(parsed.list),
    );
    return later(kept).list;
  };
  const steps = searchShards(index, queryTerms(search, value));
  let step = steps.next([]);
  while (!step.done) {
    const need = step.value;
    step = steps.next('common' in need ? await commonList(need.common) : await Promise.all(need.shards.map(termShard)));
  }
  return { matches: step.value, generatedAt: latest() };
}

/**
 * A filter (its value normalized) or the relation filter (the related ids as they are, any of which it keeps) a slice
 * keeps, and the starts of its value shards.
 */
type Wanted = [parameter: ValueParameter, values: readonly string[], starts: readonly string[]];

// The entities of `kind` passing every one of the `wanted` filters (normalized values) by holding any of its values, 1 by
// rank, read through `read`, and the latest generated_at of the value shards they were read from.
async function passingFilters(
  entry: SearchEntry,
  kind: Kind,
  wanted: readonly Wanted[],
  read: KeptReader,
  reader: DocumentReader,
): Promise<{ passing: Uint8Array; generatedAt: string }> {
  const { later, latest } = latestStamp();
  // hits[rank] is how many of the wanted filters before the one read the rank passed: one of its values passing it, once.
  const hits = new Uint8Array(entry.index.count);
  for (const [passed, [filter, wantedValues, starts]] of wanted.entries()) {
    for (const value of wantedValues) {
      const start = shardHoldingValue(starts, value);
      if (start === undefined) continue;
      const { values } = later(await readValueShard(entry, kind, filter, start, read, reader));
      for (const rank of values.get(value) ?? []) if (hits[rank] === passed) hits[rank] = passed + 1;
    }
  }
  for (let rank = 0; rank < hits.length; rank++) hits[rank] = hits[rank] === wanted.length ? 1 : 0;
  return { passing: hits, generatedAt: latest() };
}

// Notes the latest generated_at of the kept values passed through `later`: what a value derived from them is stamped with.
function latestStamp(): { later: <T extends Kept>(value: T) => T; latest: () => string } {
  let generatedAt = '';
  return {
    later: (value) => {
      if (value.generatedAt !== undefined && value.generatedAt > generatedAt) generatedAt = value.generatedAt;
      return value;
    },
    latest: () => generatedAt,
  };
}

// Reads a common term's list, of a kind whose slots are in `slots`: its parts, put together.
async function readCommonList(
  reader: DocumentReader,
  kind: Kind,
  term: string,
  versions: EntryVersions,
  slots: SlotOrder,
): Promise<{ list: CommonList; generatedAt: string }> {
  const parts = await Promise.all(
    Array.from({ length: commonParts(slots.slots) }, async (_, part) => {
      const path = versions.commonPart(term, part);
      return parseCommonPart(path, await reader.required(path), kind, term, part);
    }),
  );
  return joinCommonParts(kind, term, parts, slots);
}

// About the bytes a list holds parsed.
function listBytes(list: CommonList): number {
  let bytes = list.ranks.byteLength + (list.own === list.ranks ? 0 : list.own.byteLength) + 64;
  for (const id of list.ids ?? []) bytes += 32 + 2 * id.length;
  bytes += list.bodies?.length ?? 0;
  return bytes;
}

/**
 * The first matches of a search kept in relevance order once a window within them is asked:
 * the windows agents read most, the first pages, are then slices of them, asked again or
 * paged through (a window ending later is ordered anew each time).
 */
const KEPT_IN_ORDER = 1_000;

// The window [offset, offset + limit) of matches kept in order from the first.
function windowOf(ordered: { ranks: number[]; total: number }, offset: number, limit: number) {
  return { ranks: ordered.ranks.slice(offset, offset + limit), total: ordered.total };
}

// The matches `allowed` keeps, ranks ascending, with their scores and whatever else they carry: counted first, so
// that no more is made than is kept (the Worker over R2 answers 8 at a time within 128 MiB).
function keptMatches(matches: SearchMatches, allowed: (rank: number) => boolean): SearchMatches {
  let count = 0;
  for (let i = 0; i < matches.ranks.length; i++) if (allowed(matches.ranks[i]!)) count++;
  const ranks = new Int32Array(count);
  const scores = new Float64Array(count);
  for (let i = 0, at = 0; at < count; i++) {
    if (!allowed(matches.ranks[i]!)) continue;
    ranks[at] = matches.ranks[i]!;
    scores[at++] = matches.scores[i]!;
  }
  return { ...matches, ranks, scores };
}

// The bytes of matches' ranks and scores (the shards naming them are the kept ones', when derived from kept matches).
function scoredBytes(matches: SearchMatches): number {
  return matches.ranks.byteLength + matches.scores.byteLength;
}

// About the bytes the matches of a search hold: their ranks and scores, and the shards naming them (kept alive by them).
function matchesBytes(matches: SearchMatches): number {
  let bytes = scoredBytes(matches);
  for (const shard of matches.namedBy ?? []) bytes += shard.bytes;
  return bytes;
}

// The entries of a kind's `q` index and, `withText`, of its `text` index, of the snapshot the answer reads: both carry the
// revision of both indexes, so entries that differ are damage, never an answer made of two builds.
async function loadEntries(
  reader: DocumentReader,
  kind: Kind,
  withText: boolean,
): Promise<{ entry: SearchEntry; parsed: BoundedCache<string, Kept>; text: TextEntry | undefined }> {
  const snapshot = await reader.snapshot();
  const { entry, parsed } = await loadEntry(reader, kind, 'q', snapshot.search[kind].q);
  if (!withText) return { entry, parsed, text: undefined };
  const { entry: text } = await loadEntry(reader, kind, 'text', snapshot.search[kind].text);
  if (text.revision !== entry.revision)
    throw new SiteError(
      `${searchIndexPath(kind)} and ${searchIndexPath(kind, 'text')} of snapshot ${snapshot.id} are of two builds (revisions ${entry.revision} and ${text.revision}); rebuild the site`,
    );
  return { entry, parsed, text };
}

/** Entries a router keeps parsed per store: those of the last few snapshots. */
const KEPT_ENTRIES = 24;

// The entry of a kind's index of a search at its generation: immutable, so parsed once and kept while recent.
async function loadEntry<S extends Search>(
  reader: DocumentReader,
  kind: Kind,
  search: S,
  generation: number,
): Promise<{
  entry: S extends 'q' ? SearchEntry : TextEntry;
  parsed: BoundedCache<string, Kept>;
}> {
  type Loaded = S extends 'q' ? SearchEntry : TextEntry;
  const { store } = reader;
  const path = versionedPath(searchIndexPath(kind, search), generation);
  let forStore = kept.get(store);
  if (!forStore)
    kept.set(
      store,
      (forStore = { entries: new Map(), parsed: new BoundedCache(store.keptBytes ?? SHARD_CACHE_BYTES) }),
    );
  let entry = forStore.entries.get(path);
  if (entry === undefined) {
    const text = await reader.required(path);
    entry = search === 'q' ? parseSearchEntry(path, text, kind) : parseTextEntry(path, text, kind);
    forStore.entries.set(path, entry);
    if (forStore.entries.size > KEPT_ENTRIES) forStore.entries.delete(forStore.entries.keys().next().value!);
  }
  // Shards are kept under the index's revision: those of an older revision are never asked for again and age out.
  return { entry: entry as Loaded, parsed: forStore.parsed };
}

/**
 * One piece of the term shards (terms-aside.ts), a search of a kind: its forward index, taking
 * from the previous build's term cache the entities whose records did not change and tokenizing
 * the others; its term cache for the next build; and its term shards and common lists.
 */
import {
  compactNumbering,
  forwardIndex,
  invertForward,
  renderTermShards,
  shardIndex,
  type ContentForm,
  type ForwardIndex,
  type IndexedTerms,
  type RenderedTerms,
} from '../../query/search/index.js';
import type { Entity, Kind, Search } from '../../query/semantics/index.js';
import { KnownEntries, pieceCache, type PieceCache, type ReadPieceCache } from '../cache/index.js';
import { type PackedEntities, unpackSearchFields } from './packed-search-fields.js';

/** A search of a kind, as a term-shard worker gets it: its entities packed, their keys and slots, and what the previous build's term cache holds of them. */
export interface TermsPiece {
  search: Search;
  kind: Kind;
  /** The ids, and the fields of the entities not {@link known}. */
  packed: PackedEntities;
  /** Each entity's key in the term cache (entryKeys). */
  keys: Uint32Array;
  /** The slot of each rank (slot-order.ts). */
  slotOfRank: Int32Array;
  /** Slots of the kind in all. */
  slots: number;
  /** The previous build's term cache of the piece, and the ranks it holds the entries of. */
  cache?: ReadPieceCache;
  known?: Uint8Array;
}

/** A piece's term shards, and its term cache for the next build. */
export interface RenderedPiece {
  search: Search;
  kind: Kind;
  terms: RenderedTerms;
  cache: PieceCache;
}

/** Renders a piece: its term shards and common lists, and its term cache. */
export function renderTermPiece(piece: TermsPiece): RenderedPiece {
  return renderIndexedPiece(invertPiece(forwardPiece(piece)));
}

/**
 * A piece with its forward index and its term cache: what {@link invertPiece} needs of it,
 * which holds none of its packed fields or their entities, so that a worker lets them go
 * before the postings are laid out (term-shards-worker.ts).
 */
export interface ForwardPiece {
  search: Search;
  kind: Kind;
  slotOfRank: Int32Array;
  slots: number;
  /** Each rank's entity, its id alone. */
  named: Entity[];
  forward: ForwardIndex;
  cache: PieceCache;
}

/**
 * A piece once indexed: what {@link renderIndexedPiece} needs of it, which holds neither its
 * packed fields nor its forward index (at L the exhibitors' `text` pairs take about 140 MB).
 */
export interface IndexedPiece extends Omit<ForwardPiece, 'forward'> {
  indexed: IndexedTerms;
}

/** A piece's forward index, taking from the previous build's term cache the entities it holds, and its term cache for the next build. */
export function forwardPiece(piece: TermsPiece): ForwardPiece {
  const { search, kind, keys, slotOfRank, slots, cache, known } = piece;
  const entities = unpackSearchFields(search, kind, piece.packed, known);
  const entries =
    cache === undefined || known === undefined ? undefined : new KnownEntries(cache, slotOfRank, known, slots);
  const forward = forwardIndex(search, kind, entities, entries);
  // A renumbered index keeps no entry as it was.
  const kept = compactNumbering(forward) ? undefined : entries;
  return {
    search,
    kind,
    slotOfRank,
    slots,
    named: entities.map(({ id }) => ({ id })),
    forward,
    cache: pieceCache(forward, keys, slotOfRank, slots, kept),
  };
}

/** A piece's index of terms, turned from its forward index. */
export function invertPiece({ forward, ...piece }: ForwardPiece): IndexedPiece {
  return { ...piece, indexed: invertForward(forward) };
}

/** The term shards and common lists of an indexed piece, their documents in the `form` given, with its term cache. */
export function renderIndexedPiece(
  { search, kind, slotOfRank, slots, named, indexed, cache }: IndexedPiece,
  form?: ContentForm,
): RenderedPiece {
  const index = shardIndex(search, kind, named, {}, indexed);
  return { search, kind, terms: renderTermShards(search, kind, index, slotOfRank, slots, form), cache };
}

/**
 * One piece of the term shards (terms-aside.ts), a search of a kind: its forward index, taking
 * from the previous build's term cache the entities whose texts did not change and tokenizing
 * the others; its term cache for the next build; and its term shards and common lists.
 */
import {
  compactNumbering,
  forwardIndex,
  invertForward,
  renderTermShards,
  shardIndex,
  type RenderedTerms,
} from '../../query/search/index.js';
import type { Kind, Search } from '../../query/semantics/index.js';
import { KnownEntries, pieceCache, type PieceCache } from '../cache/index.js';
import { packedDigests, unpackSearchFields } from './packed-search-fields.js';

/** A search of a kind, as a term-shard worker gets it: its entities' ids and searched fields, packed, their slots, and the previous build's term cache. */
export interface TermsPiece {
  search: Search;
  kind: Kind;
  packed: string;
  /** The slot of each rank (slot-order.ts). */
  slotOfRank: Int32Array;
  /** Slots of the kind in all. */
  slots: number;
  /** What the previous build's term cache holds of the piece. */
  cache?: PieceCache;
}

/** A piece's term shards, and its term cache for the next build. */
export interface RenderedPiece {
  search: Search;
  kind: Kind;
  terms: RenderedTerms;
  cache: PieceCache;
}

/** Renders a piece: its term shards and common lists, and its term cache. */
export function renderTermPiece({ search, kind, packed, slotOfRank, slots, cache }: TermsPiece): RenderedPiece {
  const entities = unpackSearchFields(search, kind, packed);
  const digests = packedDigests(search, kind, packed);
  const known = cache === undefined ? undefined : new KnownEntries(cache, slotOfRank, digests, slots);
  const forward = forwardIndex(search, kind, entities, known);
  // A renumbered index keeps no entry as it was.
  const kept = compactNumbering(forward) ? undefined : known;
  const next = pieceCache(forward, digests, slotOfRank, slots, kept);
  const index = shardIndex(search, kind, entities, {}, invertForward(forward));
  return { search, kind, terms: renderTermShards(search, kind, index, slotOfRank, slots), cache: next };
}

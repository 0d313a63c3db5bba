/**
 * The bytes of a document from its body: text as it is, one entity's serialized JSON, or
 * a page spliced from serialized entities and its `_meta`. Runs in the main thread and in
 * the writer's worker threads alike, so both write exactly the same bytes.
 */
import { COLLECTIONS, KINDS, type DatasetType } from '../query/index.js';
import { entityBytes, entityLength, type EntityBytes } from './entity-store.js';

/** A document written as it is. */
export interface TextBody {
  text: string;
}

/** An entity document: the entity's JSON, exactly as listed. */
export interface EntityBody {
  /** Index of the kind in `KINDS`. */
  kind: number;
  rank: number;
}

/**
 * A listing page: `{"<collection>":[<entities>],…,"_meta":<meta>}` where `meta` is the
 * JSON of `_meta` without its `entities`, which come from {@link PageDictionaries}.
 */
export interface PageBody {
  type: DatasetType;
  /** Index in `KINDS` and ranks of the entities of each array, in order. */
  arrays: [kind: number, ranks: number[]][];
  /** `JSON.stringify(_meta)` without the `entities` member (it must be the last). */
  meta: string;
}

/** What a document holds. */
export type DocumentBody = TextBody | EntityBody | PageBody;

/** `JSON.stringify(_meta.entities)` for each type, the same in every page of that type. */
export type PageDictionaries = Record<DatasetType, string>;

/** What assembling needs besides the body: the entity bytes and the dictionaries. */
export interface AssembleContext {
  entities: EntityBytes;
  dictionaries: PageDictionaries;
}

const HEADS = KINDS.map((kind) => Buffer.from(`"${COLLECTIONS[kind]}":[`));
const COMMA = 0x2c;

/** The size in bytes of a document. */
export function bodySize(body: DocumentBody, context: AssembleContext): number {
  if ('text' in body) return Buffer.byteLength(body.text);
  if ('rank' in body) return entityLength(context.entities[KINDS[body.kind]!], body.rank);
  let size = 1;
  for (const [kind, ranks] of body.arrays) {
    const bytes = context.entities[KINDS[kind]!];
    size += HEADS[kind]!.length + Math.max(0, ranks.length - 1) + 2;
    for (const rank of ranks) size += entityLength(bytes, rank);
  }
  return size + Buffer.byteLength(body.meta) + Buffer.byteLength(context.dictionaries[body.type]) + 21;
}

/**
 * Writes the document's bytes into `scratch` when they fit (returning a view of it),
 * otherwise into a new buffer.
 */
export function assemble(body: DocumentBody, context: AssembleContext, scratch: Buffer): Uint8Array {
  if ('text' in body) return Buffer.from(body.text);
  if ('rank' in body) return entityBytes(context.entities[KINDS[body.kind]!], body.rank);
  const size = bodySize(body, context);
  const out = size <= scratch.length ? scratch : Buffer.allocUnsafe(size);
  let at = out.write('{');
  for (const [kind, ranks] of body.arrays) {
    const bytes = context.entities[KINDS[kind]!];
    out.set(HEADS[kind]!, at);
    at += HEADS[kind]!.length;
    ranks.forEach((rank, i) => {
      if (i > 0) out[at++] = COMMA;
      const entity = entityBytes(bytes, rank);
      out.set(entity, at);
      at += entity.length;
    });
    at += out.write('],', at);
  }
  at += out.write('"_meta":', at);
  at += out.write(body.meta, at);
  at -= 1; // the meta's closing brace: the entities go in front of it
  at += out.write(',"entities":', at);
  at += out.write(context.dictionaries[body.type], at);
  at += out.write('}}', at);
  if (at !== size) throw new Error(`page assembled to ${at} bytes, expected ${size}`);
  return out.subarray(0, size);
}

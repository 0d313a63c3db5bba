/**
 * The bytes of a document from its body: text as it is, one entity's serialized JSON, or
 * a page spliced from serialized entities and its `_meta`. Runs in the main thread and in
 * the writer's worker threads alike, so both write exactly the same bytes.
 */
import { COLLECTIONS, KINDS, type DatasetType, type Kind } from '../../query/semantics/index.js';
import { linesBytes, partBytes } from './dump-parts.js';
import { entityBytes, entityLength, type EntityBytes } from './entity-store.js';

/** A document written as it is: its text, or its UTF-8. */
export interface TextBody {
  form: 'text';
  text: string | Uint8Array;
}

/** An entity document: the entity's JSON, exactly as listed. */
export interface EntityBody {
  form: 'entity';
  kind: Kind;
  rank: number;
}

/**
 * A listing page: `{"<collection>":[<entities>],…,"_meta":<meta>}` where `meta` is the
 * JSON of `_meta` without its `entities`, which come from {@link PageDictionaries}; or,
 * `bare`, a listing's leaf, whose `_meta` holds its `generated_at` alone.
 */
export interface PageBody {
  form: 'page';
  type: DatasetType;
  /** The kind and ranks of the entities of each array, in order. */
  arrays: [kind: Kind, ranks: number[]][];
  /** `JSON.stringify(_meta)` without the `entities` member (it must be the last). */
  meta: string;
  /** A listing's leaf: `meta` is spliced as it is, with no dictionary (formats/listing-leaves.ts). */
  bare?: boolean;
}

/** A part of a kind's bulk dump (dump-parts.ts): the JSON of the entities of ranks `[from, to)`, exactly as listed, one a line. */
export interface DumpBody {
  form: 'dump';
  dump: Kind;
  from: number;
  to: number;
  /** Gzip the lines (the `.ndjson.gz` copy beside the part). */
  gzip: boolean;
}

/** What a document holds, told apart by its `form`. */
export type DocumentBody = TextBody | EntityBody | PageBody | DumpBody;

/** `JSON.stringify(_meta.entities)` for each type, the same in every page of that type. */
export type PageDictionaries = Record<DatasetType, string>;

/** What assembling needs besides the body: the entity bytes and the dictionaries. */
export interface AssembleContext {
  entities: EntityBytes;
  dictionaries: PageDictionaries;
}

const HEADS = Object.fromEntries(KINDS.map((kind) => [kind, Buffer.from(`"${COLLECTIONS[kind]}":[`)])) as Record<
  Kind,
  Buffer
>;
const COMMA = 0x2c;
// After the arrays: `"_meta":` + meta without its closing brace + `,"entities":` + dictionary + `}}`.
const META_HEAD = '"_meta":';
const ENTITIES_HEAD = ',"entities":';
const TAIL = '}}';
const META_FRAME_BYTES = META_HEAD.length - 1 + ENTITIES_HEAD.length + TAIL.length;

/** The size in bytes of a document; a gzipped dump part's is not known before it is made (-1). */
export function bodySize(body: DocumentBody, context: AssembleContext): number {
  if (body.form === 'text') return Buffer.byteLength(body.text);
  if (body.form === 'dump') return body.gzip ? -1 : linesBytes(context.entities[body.dump], body.from, body.to);
  if (body.form === 'entity') return entityLength(context.entities[body.kind], body.rank);
  let size = 1; // `{`
  for (const [kind, ranks] of body.arrays) {
    const bytes = context.entities[kind];
    size += HEADS[kind].length + Math.max(0, ranks.length - 1) + 2; // head, commas, `],`
    for (const rank of ranks) size += entityLength(bytes, rank);
  }
  if (body.bare) return size + META_HEAD.length + Buffer.byteLength(body.meta) + 1; // `"_meta":` meta `}`
  return size + Buffer.byteLength(body.meta) + Buffer.byteLength(context.dictionaries[body.type]) + META_FRAME_BYTES;
}

/** Writes the document's bytes into `scratch` when they fit (returning a view of it), otherwise into a new buffer. */
export function assemble(body: DocumentBody, context: AssembleContext, scratch: Buffer): Uint8Array {
  if (body.form === 'text') return typeof body.text === 'string' ? Buffer.from(body.text) : body.text;
  if (body.form === 'dump') return partBytes(context.entities[body.dump], body.from, body.to, body.gzip);
  if (body.form === 'entity') return entityBytes(context.entities[body.kind], body.rank);
  const size = bodySize(body, context);
  const out = size <= scratch.length ? scratch : Buffer.allocUnsafe(size);
  let at = out.write('{');
  for (const [kind, ranks] of body.arrays) {
    const bytes = context.entities[kind];
    out.set(HEADS[kind], at);
    at += HEADS[kind].length;
    ranks.forEach((rank, i) => {
      if (i > 0) out[at++] = COMMA;
      const entity = entityBytes(bytes, rank);
      out.set(entity, at);
      at += entity.length;
    });
    at += out.write('],', at);
  }
  at += out.write(META_HEAD, at);
  at += out.write(body.meta, at);
  if (body.bare) at += out.write('}', at);
  else {
    at -= 1; // the meta's closing brace: the entities go in front of it
    at += out.write(ENTITIES_HEAD, at);
    at += out.write(context.dictionaries[body.type], at);
    at += out.write(TAIL, at);
  }
  if (at !== size) throw new Error(`page assembled to ${at} bytes, expected ${size}`);
  return out.subarray(0, size);
}

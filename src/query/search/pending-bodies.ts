/**
 * The body versions of the entities a term shard or a sparse common list names (docs/api.md#snapshots),
 * filled in once the entities are rendered: the build's term workers render those documents while the
 * entity documents are still being made, so each leaves its `bodies` empty and names the slots whose
 * versions go there.
 */
import type { IndexDocument } from './search-format.js';

// Every host's encoder (web standards); declared here, as src/query takes no platform's types.
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
const utf8 = new TextEncoder();

/** The member a document whose bodies are pending holds: as a key with unescaped quotes, it can be no string's text. */
const PENDING = '"bodies":""';
const PENDING_BYTES = utf8.encode(PENDING);

/** The text of a document whose `bodies` are pending, to be filled by {@link withBodies}. */
export const PENDING_BODIES = '';

/**
 * `document` with its pending `bodies` filled with the version `bodyOfSlot` gives of each of its `bodySlots`, back to
 * back, its content in the form it came in (text, or UTF-8 from a term worker); `document` itself when none are pending.
 */
export function withBodies(document: IndexDocument, bodyOfSlot: (slot: number) => string): IndexDocument {
  const { bodySlots, ...filled } = document;
  if (bodySlots === undefined) return document;
  let bodies = '';
  for (const slot of bodySlots) bodies += bodyOfSlot(slot);
  const member = `"bodies":${JSON.stringify(bodies)}`;
  const { content } = document;
  if (typeof content === 'string') {
    const at = content.indexOf(PENDING);
    if (at < 0) throw new Error(`${document.path} holds no pending bodies`);
    return { ...filled, content: `${content.slice(0, at)}${member}${content.slice(at + PENDING.length)}` };
  }
  const at = indexOfBytes(content, PENDING_BYTES);
  if (at < 0) throw new Error(`${document.path} holds no pending bodies`);
  const inserted = utf8.encode(member);
  const bytes = new Uint8Array(content.length - PENDING_BYTES.length + inserted.length);
  bytes.set(content.subarray(0, at));
  bytes.set(inserted, at);
  bytes.set(content.subarray(at + PENDING_BYTES.length), at + inserted.length);
  return { ...filled, content: bytes };
}

// Where `pattern` first occurs in `bytes`, or -1.
function indexOfBytes(bytes: Uint8Array, pattern: Uint8Array): number {
  for (
    let at = bytes.indexOf(pattern[0]!);
    at >= 0 && at + pattern.length <= bytes.length;
    at = bytes.indexOf(pattern[0]!, at + 1)
  ) {
    let i = 1;
    while (i < pattern.length && bytes[at + i] === pattern[i]) i++;
    if (i === pattern.length) return at;
  }
  return -1;
}

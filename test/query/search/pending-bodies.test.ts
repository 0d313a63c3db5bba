/** The body digests a build fills into the term shards and sparse lists once the entities are rendered. */
import { describe, expect, it } from 'vitest';
import { withBodies } from '../../../src/query/search/index.js';

const bodyOfSlot = (slot: number) => `d${slot}`.padEnd(8, '-');

describe('pending bodies', () => {
  // An id holding the pending member's text is escaped in JSON, so only the member itself is filled.
  const file = { ids: ['"bodies":""', 'B'], bodies: '', lengths: [1, 2] };
  const text = JSON.stringify(file);

  it('are filled with the digest of each slot named, in order, in text and in UTF-8 alike', () => {
    const document = { path: 'search/x.json', content: text, bodySlots: Int32Array.of(7, 3) };
    const filled = withBodies(document, bodyOfSlot);
    expect(filled).toEqual({ path: 'search/x.json', content: JSON.stringify({ ...file, bodies: 'd7------d3------' }) });
    const bytes = withBodies({ ...document, content: new TextEncoder().encode(text) }, bodyOfSlot);
    expect(new TextDecoder().decode(bytes.content as Uint8Array)).toBe(filled.content);
    expect(bytes.bodySlots).toBeUndefined();
  });

  it('leave a document naming no slots as it is, and refuse one naming slots without the member', () => {
    const document = { path: 'search/y.json', content: text };
    expect(withBodies(document, bodyOfSlot)).toBe(document);
    expect(() =>
      withBodies({ path: 'search/z.json', content: '{"ids":[]}', bodySlots: Int32Array.of() }, bodyOfSlot),
    ).toThrow('search/z.json holds no pending bodies');
  });
});

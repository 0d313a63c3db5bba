/**
 * A text document may come as its text or as its UTF-8 (the term worker's search index
 * documents, moved to the main thread as bytes): either way it has the same fingerprint and
 * size, and is written and stamped to the same bytes.
 */
import { describe, expect, it } from 'vitest';
import { assemble, stampBody, textDocument, type AssembleContext } from '../../../src/pipeline/assemble/index.js';

const context = {} as AssembleContext;
const written = (body: ReturnType<typeof stampBody>) => Buffer.from(assemble(body, context, Buffer.alloc(0)));

describe('a text document as text or as UTF-8', () => {
  it('has the same fingerprint and size, and is stamped to the same bytes at its last placeholder', () => {
    const text = '{"term":"有限公司","note":"\\"generated_at\\":\\"\\"","members":"b1,a","generated_at":""}';
    const [asText, asBytes] = [text, new TextEncoder().encode(text)].map((content) =>
      textDocument({ path: 'api/public/search/x.json', content, timestamped: true }),
    );
    expect(asBytes!.fingerprint).toBe(asText!.fingerprint);
    expect(asBytes!.size).toBe(asText!.size);
    const stamped = written(stampBody(asBytes!, '2026-11-28T20:00:00.000Z'));
    expect(stamped).toEqual(written(stampBody(asText!, '2026-11-28T20:00:00.000Z')));
    expect(JSON.parse(stamped.toString()).generated_at).toBe('2026-11-28T20:00:00.000Z');
    expect(() => stampBody(textDocument({ path: 'x', content: new Uint8Array(2), timestamped: true }), '')).toThrow(
      /no "generated_at":""/,
    );
  });
});

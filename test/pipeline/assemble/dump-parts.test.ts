/**
 * The parts of a dump (dump-parts.ts): their lines in order are the whole dump, of about the
 * bytes aimed at; one entity changed changes the part holding it and no other; each part's
 * gzip copy holds its bytes.
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { aimedPartBytes, dumpParts, linesBytes, partBytes } from '../../../src/pipeline/assemble/dump-parts.js';
import { serializeEntities, type KindBytes } from '../../../src/pipeline/assemble/entity-store.js';
import type { Dataset } from '../../../src/query/dataset/index.js';

/**
 * Serialized exhibitors, about 700 bytes each: `count` of them, the one at `renamed` (if any)
 * renamed, and one more before the one at `arrival` (if any).
 */
function exhibitors(count: number, renamed = -1, arrival = -1): { bytes: KindBytes; lines: string } {
  const entities = Array.from({ length: count }, (_, i) => ({
    id: `EX-${i}`,
    company_en: i === renamed ? 'Renamed' : `Company ${i}`,
    text: `words ${i} `.repeat(60),
  }));
  if (arrival >= 0) entities.splice(arrival, 0, { id: 'EX-NEW', company_en: 'Arrived', text: 'new '.repeat(150) });
  const dataset = { entities: { exhibition: [], exhibitor: entities, service_provider: [] } } as unknown as Dataset;
  return {
    bytes: serializeEntities(dataset, (_, entity) => JSON.stringify(entity)).bytes.exhibitor,
    lines: entities.map((entity) => `${JSON.stringify(entity)}\n`).join(''),
  };
}

describe('the parts of a dump', () => {
  it('hold the whole dump in order, of about the bytes aimed at, listed with its count, bytes and SHA-256', () => {
    const { bytes, lines } = exhibitors(8000);
    const parts = dumpParts(bytes);
    const [total, aimed] = [linesBytes(bytes, 0, 8000), aimedPartBytes(Buffer.byteLength(lines))];
    expect(total / parts.length).toBeGreaterThan(aimed / 2);
    expect(total / parts.length).toBeLessThan(aimed * 2);
    expect(parts.map((part) => partBytes(bytes, part.from, part.to, false).toString('utf8')).join('')).toBe(lines);
    for (const part of parts) {
      const ndjson = partBytes(bytes, part.from, part.to, false);
      expect([part.count, part.bytes, part.sha256, part.key]).toEqual([
        part.to - part.from,
        ndjson.length,
        createHash('sha256').update(ndjson).digest('hex'),
        expect.stringMatching(/^[0-9a-f]{16}$/),
      ]);
      // Cut by size at four times the bytes of the power of two of entities nearest the aim (at most √2 times it).
      expect(part.bytes).toBeLessThanOrEqual(4 * Math.SQRT2 * aimed + 1000);
      expect(gunzipSync(partBytes(bytes, part.from, part.to, true)).equals(ndjson)).toBe(true);
    }
    expect(new Set(parts.map((part) => part.key)).size).toBe(parts.length);
  });

  it('change only where an entity changed', () => {
    const before = dumpParts(exhibitors(8000).bytes);
    const after = dumpParts(exhibitors(8000, 4321).bytes);
    const old = new Set(before.map((part) => part.key));
    const fresh = after.filter((part) => !old.has(part.key));
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.from).toBeLessThanOrEqual(4321);
    expect(fresh[0]!.to).toBeGreaterThan(4321);
    expect(after.length).toBe(before.length);
  });

  it("change only where an entity arrived: a late cut is the content's, not moved by the bytes before it", () => {
    const before = new Set(dumpParts(exhibitors(8000).bytes).map((part) => part.key));
    // Parts of the dump before that each arrival leaves (the part it joins, and any after it that moved).
    const left = Array.from({ length: 12 }, (_, i) => 661 * i + 11).map(
      (at) => before.size - dumpParts(exhibitors(8000, -1, at).bytes).filter((part) => before.has(part.key)).length,
    );
    // Each leaves one part; cut by size past twice the aim, the second of these arrivals left two.
    expect(left).toEqual(Array.from({ length: 12 }, () => 1));
  });

  it('are aimed at √(bytes × 256), so that a changed part and the index rewritten with it are least', () => {
    expect(aimedPartBytes(400e6)).toBeCloseTo(320_000, -3);
    expect(aimedPartBytes(2e9)).toBeCloseTo(715_542, -3);
    expect(aimedPartBytes(1e6)).toBe(64 << 10);
  });

  it('are none for a kind without entities', () => {
    expect(dumpParts(exhibitors(0).bytes)).toEqual([]);
  });
});

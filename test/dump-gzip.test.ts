/**
 * The gzip copy of a dump in members (dump-gzip.ts): any gzip reader reads it whole, a
 * rebuild after one entity changed copies every member but the one holding it, and a
 * copied member is the same bytes as one compressed anew.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipDump, readMembers } from '../src/pipeline/dump-gzip.js';
import { serializeEntities, type KindBytes } from '../src/pipeline/entity-store.js';
import type { Dataset } from '../src/query/semantics/dataset.js';

/** Serialized exhibitors, about 700 bytes each: `count` of them, the one at `renamed` (if any) renamed. */
function exhibitors(count: number, renamed = -1): { bytes: KindBytes; lines: string } {
  const entities = Array.from({ length: count }, (_, i) => ({ id: `EX-${i}`, company_en: i === renamed ? 'Renamed' : `Company ${i}`, text: `words ${i} `.repeat(60) }));
  const dataset = { entities: { exhibition: [], exhibitor: entities, service_provider: [] } } as unknown as Dataset;
  return { bytes: serializeEntities(dataset).bytes.exhibitor, lines: entities.map((entity) => `${JSON.stringify(entity)}\n`).join('') };
}

describe('the gzip copy of a dump', () => {
  it('is read whole by gunzip, in several members', () => {
    const { bytes, lines } = exhibitors(8000);
    const file = gzipDump(bytes, undefined);
    expect(gunzipSync(file).toString('utf8')).toBe(lines);
    expect(readMembers(file).size).toBeGreaterThan(2);
  });

  it('copies every member but the changed one from the previous file, the same bytes as made anew', () => {
    const before = gzipDump(exhibitors(8000).bytes, undefined);
    const { bytes, lines } = exhibitors(8000, 4321);
    const after = gzipDump(bytes, before);
    expect(after.equals(gzipDump(bytes, undefined))).toBe(true);
    expect(gunzipSync(after).toString('utf8')).toBe(lines);
    const [old, now] = [readMembers(before), readMembers(after)];
    const fresh = [...now.keys()].filter((key) => !old.has(key));
    expect(fresh.length).toBeGreaterThanOrEqual(1);
    expect(fresh.length).toBeLessThanOrEqual(2);
    expect(now.size).toBeGreaterThan(2);
  });

  it('does not copy a member whose trailer says it holds other bytes', () => {
    const { bytes, lines } = exhibitors(8000);
    const damaged = Buffer.from(gzipDump(bytes, undefined));
    for (const member of readMembers(damaged).values()) {
      const end = member.byteOffset - damaged.byteOffset + member.byteLength;
      damaged.writeUInt32LE(damaged.readUInt32LE(end - 4) + 1, end - 4);
    }
    expect(gunzipSync(gzipDump(bytes, damaged)).toString('utf8')).toBe(lines);
  });

  it('takes nothing from a previous file it did not write, and is still whole', () => {
    const { bytes, lines } = exhibitors(300);
    const foreign = gzipSync(Buffer.from(lines));
    expect(readMembers(foreign).size).toBe(0);
    expect(gunzipSync(gzipDump(bytes, foreign)).toString('utf8')).toBe(lines);
    expect(gunzipSync(gzipDump(exhibitors(0).bytes, undefined)).toString('utf8')).toBe('');
  });
});

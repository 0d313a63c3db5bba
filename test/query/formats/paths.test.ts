import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entityPath, listingPath, parseListingPath } from '../../../src/query/formats/paths.js';
import { decodeSegment, encodeIdSegment, encodeSegment } from '../../../src/query/formats/segments.js';
import { staticUrl } from '../../../src/query/formats/urls.js';
import { normalize } from '../../../src/query/semantics/index.js';

const FORBIDDEN = /[/\\.%\u0000-\u001f\u007f]/;

describe('encodeSegment', () => {
  it('keeps readable values readable', () => {
    expect(encodeSegment('frankfurt am main')).toBe('frankfurt-am-main');
    expect(encodeSegment("xi'an")).toBe('xi~27an');
    expect(encodeSegment('são paulo')).toBe('são-paulo');
    expect(encodeSegment('汽车')).toBe('汽车');
    expect(encodeSegment('auto-parts')).toBe('auto~2dparts');
    expect(encodeIdSegment('EXH-0001')).toBe('EXH-0001');
  });

  it('defuses path tricks', () => {
    for (const hostile of ['..', '../../etc/passwd', 'a/b', 'a\\b', '\u0000', '%2e%2e', '.hidden', '~']) {
      expect(encodeSegment(hostile)).not.toMatch(FORBIDDEN);
      expect(encodeIdSegment(hostile)).not.toMatch(FORBIDDEN);
    }
  });

  it('never yields a forbidden character, stays short, and is undone by decodeSegment (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (raw) => {
        const value = normalize(raw);
        fc.pre(value !== ''); // an empty filter value means "no filter" and never reaches a path
        const segment = encodeSegment(value);
        expect(segment).not.toMatch(FORBIDDEN);
        expect(segment).not.toBe('');
        expect(Buffer.byteLength(segment)).toBeLessThanOrEqual(120);
        if (!segment.includes('~h')) expect(decodeSegment(segment)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives distinct values distinct segments (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        (a, b) => {
          fc.pre(a !== b);
          expect(encodeSegment(a)).not.toBe(encodeSegment(b));
          expect(encodeIdSegment(a)).not.toBe(encodeIdSegment(b));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('cuts overlong values and keeps them distinct with a hash', () => {
    const long = 'x'.repeat(400);
    expect(Buffer.byteLength(encodeSegment(long))).toBeLessThanOrEqual(120);
    expect(encodeSegment(long)).not.toBe(encodeSegment(`${long}y`));
  });
});

describe('static paths', () => {
  it('normalizes filter values, so spellings that normalize equal share a listing', () => {
    expect(listingPath('exhibition', { city: '  KÖLN ' }, 2)).toBe('api/public/dataset/exhibition/city/köln/2.json');
    expect(listingPath('all', { industry: 'Auto  Parts', country: 'China' }, 1)).toBe(
      listingPath('all', { industry: 'auto parts', country: 'CHINA' }, 1),
    );
  });

  it('parses the listing paths it makes', () => {
    const path = listingPath('exhibitor', { industry: '汽车 零部件', city: "Xi'an" }, 3);
    expect(parseListingPath(path)).toEqual({
      type: 'exhibitor',
      filters: { industry: '汽车 零部件', city: "xi'an" },
      page: 3,
    });
    expect(parseListingPath('api/public/dataset/exhibitor/city/a/industry/b/1.json')).toBeUndefined();
    expect(parseListingPath('api/public/dataset/nope/1.json')).toBeUndefined();
    expect(parseListingPath('api/public/dataset/all/0.json')).toBeUndefined();
  });

  it('percent-encodes URLs of paths with non-ASCII segments', () => {
    expect(staticUrl('https://x.example/', entityPath('exhibitor', '展商 1'))).toBe(
      'https://x.example/api/public/exhibitors/%E5%B1%95%E5%95%86~201.json',
    );
  });
});

/** The router's shard cache: bounded in bytes, least recently used first out. */
import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../../src/query/router/bounded-cache.js';

describe('a cache bounded in bytes', () => {
  it('drops the least recently used past its bound, and never holds more', () => {
    const cache = new BoundedCache<string, number>(100);
    cache.set('a', 1, 40);
    cache.set('b', 2, 40);
    expect(cache.get('a')).toBe(1); // now b is the least recently used
    cache.set('c', 3, 40);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    expect(cache.bytes).toBe(80);
    for (let i = 0; i < 50; i++) {
      cache.set(`k${i}`, i, 1 + (i % 30));
      expect(cache.bytes).toBeLessThanOrEqual(100);
    }
  });

  it('keeps nothing larger than its bound, and replaces a key in place', () => {
    const cache = new BoundedCache<string, number>(100);
    cache.set('big', 1, 101);
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', 1, 60);
    cache.set('a', 2, 70);
    expect(cache.get('a')).toBe(2);
    expect(cache.bytes).toBe(70);
    cache.delete('a');
    expect(cache.bytes).toBe(0);
  });
});

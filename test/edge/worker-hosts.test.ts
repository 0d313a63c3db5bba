/**
 * The Pages worker keeps one router per isolate: 10,000 requests naming 10,000 different
 * Host headers leave its memory flat (a router per Host kept a loaded search index each).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import worker from '../../src/edge/cloudflare-worker.js';
import { sampleSite } from '../helpers/site.js';

describe('the Pages worker', () => {
  it('keeps its memory flat under 10,000 distinct Host headers', async () => {
    const dir = sampleSite();
    const files = new Map<string, Promise<string | undefined>>();
    const env = {
      ASSETS: {
        fetch: async (url: string) => {
          const file = path.join(dir, decodeURIComponent(new URL(url).pathname));
          if (!files.has(file))
            files.set(
              file,
              readFile(file, 'utf8').catch(() => undefined),
            );
          const text = await files.get(file);
          return text === undefined ? new Response(null, { status: 404 }) : new Response(text);
        },
      },
    };
    const ask = async (host: string) => {
      const answer = await worker.fetch(
        new Request(`https://${host}/api/public/dataset?type=exhibition&q=expo&limit=1`),
        env,
      );
      expect(answer.status).toBe(200);
      await answer.text();
    };
    for (let i = 0; i < 500; i++) await ask(`warm-${i}.example`);
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 10_000; i++) await ask(`host-${i}.example`);
    const grown = process.memoryUsage().heapUsed - before;
    expect(grown).toBeLessThan(64 * 2 ** 20);
  });
});

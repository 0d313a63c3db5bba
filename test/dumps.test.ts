/**
 * Bulk dumps for RAG ingestion (docs/api.md#dumps): one NDJSON file per kind with every
 * entity exactly as listed, `total` lines, and a gzip copy of the same bytes; untouched by
 * a rebuild that changed nothing; served with their types.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { build } from '../src/build.js';
import { dumpPath, entityPath } from '../src/query/formats/paths.js';
import { createRouter } from '../src/query/router/router.js';
import { KINDS } from '../src/query/semantics/kinds.js';
import { fileStore } from '../src/serve/file-store.js';
import { serve } from '../src/serve/serve.js';
import { rawRequest } from './helpers/http.js';
import { sampleSite, TEST_NOW } from './helpers/site.js';

describe('bulk dumps', () => {
  it.each(KINDS)('of %s hold every entity exactly as its document, one a line, and a gzip copy of them', async (kind) => {
    const site = sampleSite();
    const text = await readFile(path.join(site, dumpPath(kind)), 'utf8');
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    const route = createRouter({ store: fileStore(site) });
    const total = JSON.parse((await route({ method: 'GET', url: `/api/public/dataset?type=${kind}&limit=1` })).body)._meta.total;
    expect(lines).toHaveLength(total);
    for (const line of lines) {
      const entity = JSON.parse(line) as { id: string };
      expect(line).toBe(await readFile(path.join(site, entityPath(kind, entity.id)), 'utf8'));
    }
    expect(gunzipSync(await readFile(path.join(site, dumpPath(kind, true)))).toString('utf8')).toBe(text);
  });

  it('are served with their types, the gzip copy byte for byte', async () => {
    const server = await serve({ dir: sampleSite(), port: 0 });
    try {
      const plain = await rawRequest(server.url, `/${dumpPath('exhibition')}`);
      expect([plain.status, plain.headers['content-type']]).toEqual([200, 'application/x-ndjson; charset=utf-8']);
      const gzipped = await rawRequest(server.url, `/${dumpPath('exhibition', true)}`);
      expect([gzipped.status, gzipped.headers['content-type']]).toEqual([200, 'application/gzip']);
      expect(gzipped.bytes.equals(await readFile(path.join(sampleSite(), dumpPath('exhibition', true))))).toBe(true);
      expect(gzipped.headers.etag).toMatch(/^"/);
    } finally {
      await server.close();
    }
  });

  it('are left as they are by a rebuild that changed nothing, and rewritten when an entity changed', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'ds-dumps-'));
    const sources = JSON.parse(await readFile('test/fixtures/tiny/sources/data.json', 'utf8'));
    const out = path.join(work, 'site');
    const rebuild = async () => {
      await writeFile(path.join(work, 'data.json'), JSON.stringify(sources));
      await build({ sources: path.join(work, 'data.json'), out, now: TEST_NOW });
    };
    const identity = async (file: string) => {
      const info = await stat(path.join(out, file));
      return `${info.ino}@${info.mtimeMs}`;
    };
    await rebuild();
    const before = await Promise.all([dumpPath('exhibitor'), dumpPath('exhibitor', true), dumpPath('exhibition', true)].map(identity));
    await rebuild();
    expect(await Promise.all([dumpPath('exhibitor'), dumpPath('exhibitor', true), dumpPath('exhibition', true)].map(identity))).toEqual(before);
    sources.exhibitors[0].company_en = 'Renamed Parts';
    await rebuild();
    const after = await Promise.all([dumpPath('exhibitor'), dumpPath('exhibitor', true), dumpPath('exhibition', true)].map(identity));
    expect([after[0] !== before[0], after[1] !== before[1], after[2]]).toEqual([true, true, before[2]]);
    expect(gunzipSync(await readFile(path.join(out, dumpPath('exhibitor', true)))).toString('utf8')).toContain('Renamed Parts');
  });
});

/**
 * Bulk dumps for RAG ingestion (docs/api.md#dumps): per kind an index listing parts, whose
 * lines read in order are every entity exactly as its document, `total` lines, each part
 * as long and of the SHA-256 its index says, with a gzip copy of the same bytes; untouched
 * by a rebuild that changed nothing, and only the part holding a changed entity replaced;
 * served with their types.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/index.js';
import { dumpIndexPath, entityPath } from '../../../src/query/formats/index.js';
import { createRouter } from '../../../src/query/router/index.js';
import { KINDS } from '../../../src/query/semantics/index.js';
import { fileStore, serve } from '../../../src/serve/index.js';
import { readDump } from '../../helpers/dumps.js';
import { rawRequest } from '../../helpers/http.js';
import { sampleSite, TEST_NOW } from '../../helpers/site.js';

describe('bulk dumps', () => {
  it.each(KINDS)(
    'of %s list parts holding every entity exactly as its document, one a line, each with a gzip copy',
    async (kind) => {
      const site = sampleSite();
      const { parts, text } = await readDump(site, kind);
      const lines = text.split('\n');
      expect(lines.pop()).toBe('');
      const route = createRouter({ store: fileStore(site) });
      const total = JSON.parse((await route({ method: 'GET', url: `/api/public/dataset?type=${kind}&limit=1` })).body)
        ._meta.total;
      expect(lines).toHaveLength(total);
      for (const line of lines) {
        const entity = JSON.parse(line) as { id: string };
        expect(line).toBe(await readFile(path.join(site, entityPath(kind, entity.id)), 'utf8'));
      }
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) {
        const bytes = await readFile(path.join(site, part.file));
        expect([
          bytes.length,
          createHash('sha256').update(bytes).digest('hex'),
          bytes.toString('utf8').split('\n').length - 1,
        ]).toEqual([part.bytes, part.sha256, part.count]);
        expect(gunzipSync(await readFile(path.join(site, `${part.file}.gz`))).equals(bytes)).toBe(true);
      }
    },
  );

  it('are served with their types: the index as JSON, a part as NDJSON, its gzip copy byte for byte', async () => {
    const server = await serve({ dir: sampleSite(), port: 0 });
    try {
      const index = await rawRequest(server.url, `/${dumpIndexPath('exhibition')}`);
      expect([index.status, index.headers['content-type']]).toEqual([200, 'application/json; charset=utf-8']);
      const url = new URL(JSON.parse(index.bytes.toString('utf8')).parts[0].url);
      const plain = await rawRequest(server.url, url.pathname);
      expect([plain.status, plain.headers['content-type']]).toEqual([200, 'application/x-ndjson; charset=utf-8']);
      const gzipped = await rawRequest(server.url, `${url.pathname}.gz`);
      expect([gzipped.status, gzipped.headers['content-type']]).toEqual([200, 'application/gzip']);
      expect(gzipped.bytes.equals(await readFile(path.join(sampleSite(), `${url.pathname.slice(1)}.gz`)))).toBe(true);
      expect(gzipped.headers.etag).toMatch(/^"/);
      expect((await rawRequest(server.url, url.pathname.replace(/[0-9a-f]{16}/, '0000000000000000'))).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('are left as they are by a rebuild that changed nothing; an entity changed replaces the part holding it', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'ds-dumps-'));
    const sources = JSON.parse(await readFile('test/fixtures/tiny/sources/data.json', 'utf8'));
    const out = path.join(work, 'site');
    const rebuild = async () => {
      await writeFile(path.join(work, 'data.json'), JSON.stringify(sources));
      await build({ sources: path.join(work, 'data.json'), out, now: TEST_NOW });
    };
    // Every file of the dumps, with its inode and time.
    const files = async () => {
      const folder = path.join(out, 'api/public/dumps');
      const names = (await readdir(folder, { recursive: true })).filter((name) => name.includes('.'));
      return Object.fromEntries(
        await Promise.all(
          names.map(
            async (name) =>
              [
                name,
                `${(await stat(path.join(folder, name))).ino}@${(await stat(path.join(folder, name))).mtimeMs}`,
              ] as const,
          ),
        ),
      );
    };
    await rebuild();
    const before = await files();
    expect(Object.keys(before).filter((name) => name.startsWith('exhibitors/'))).toHaveLength(2); // one part: the tiny set's exhibitors are a few kB
    await rebuild();
    expect(await files()).toEqual(before);
    sources.exhibitors[0].company_en = 'Renamed Parts';
    await rebuild();
    const after = await files();
    const gone = Object.keys(before).filter((name) => after[name] !== before[name]);
    const come = Object.keys(after).filter((name) => after[name] !== before[name]);
    // The exhibitors' index and its one part (NDJSON and gzip) are replaced; every other file keeps its bytes and time.
    expect(gone.sort()).toEqual(
      ['exhibitors.json', ...Object.keys(before).filter((name) => name.startsWith('exhibitors/'))].sort(),
    );
    expect(come.filter((name) => name.startsWith('exhibitors/'))).toHaveLength(2);
    expect((await readDump(out, 'exhibitor')).text).toContain('Renamed Parts');
  });
});

/** Hostile input: path tricks in ids and filter values, HTML in text, bad URLs. */
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { entityPath, listingPath } from '../../src/query/formats/index.js';
import type { DatasetResponse } from '../../src/query/responses/index.js';
import type { Entity } from '../../src/query/semantics/index.js';
import { verifySite } from '../../src/verify/index.js';
import { buildTempSite, readSiteJson } from '../helpers/site.js';

const HOSTILE_IDS = ['../../escape', 'a/b', 'a\\b', '..', '.hidden', '%2e%2e', '<script>alert(1)</script>'];
// A control character in an id is refused (docs/hostile-inputs.md), and with --skip-invalid its record left out.
const CONTROL_ID = 'x\u0001y';

describe('a build from hostile sources', () => {
  it('keeps every file inside the site, keeps the data, and passes verify', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'ds-hostile-'));
    const sources = path.join(root, 'sources');
    await mkdir(sources);
    await writeFile(
      path.join(sources, 'data.json'),
      JSON.stringify({
        exhibitions: [
          {
            id: '../../escape',
            name_en: 'Escape <b>Expo</b>',
            city: '../..',
            country: 'a/b',
            industry_tags_en: ['..', '/', '\\', '%2e%2e'],
            start_date: '2026-01-01',
            end_date: '2026-01-02',
          },
          {
            id: 'bad-url',
            name_en: 'Bad URL',
            start_date: '2026-01-01',
            end_date: '2026-01-02',
            official_url: 'javascript:alert(1)',
          },
        ],
        exhibitors: [...HOSTILE_IDS, CONTROL_ID].map((id, i) => ({
          id,
          company_en: `Company ${i}`,
          intro: '<img src=x onerror=alert(1)>Makes <i>parts</i> &amp; tools',
          industry_tags: ['../../etc', 'Auto|Parts'],
          city: '..',
          exhibition_ids: ['../../escape'],
        })),
      }),
    );
    const { out, diagnostics, entities } = await buildTempSite({ sources, skipInvalid: true });
    expect(diagnostics.map((d) => [d.code, d.field])).toEqual([
      ['non_http_url', 'official_url'],
      ['invalid_field', 'id'],
    ]);
    expect(entities).toEqual({ exhibition: 1, exhibitor: HOSTILE_IDS.length, service_provider: 0 });

    expect(await readdir(path.dirname(out))).toEqual(['site']);
    for (const file of await fg('**/*', { cwd: out, dot: true })) {
      expect(
        file.split('/').every((segment) => segment !== '..' && segment !== '.'),
        file,
      ).toBe(true);
    }
    for (const id of HOSTILE_IDS) {
      const entity = await readSiteJson<Entity>(out, entityPath('exhibitor', id));
      expect(entity.id).toBe(id);
      // _rag_text is plain text: the id too loses its markup.
      const idText = id.replace(/<[^>]*>/g, ' ').trim();
      expect(entity._rag_text).toBe(
        `Exhibitor 展商: Company ${HOSTILE_IDS.indexOf(id)}\nID 编号: ${idText}\nIndustry 行业: ../../etc; Auto|Parts\nLocation 地点: ..\nExhibitions 参展展会: Escape Expo\nIntroduction 简介: Makes parts & tools`,
      );
    }
    const byCity = await readSiteJson<DatasetResponse>(out, listingPath('exhibitor', { city: '..' }, 1));
    expect(byCity._meta.total).toBe(HOSTILE_IDS.length);
    const exhibition = await readSiteJson<Entity>(out, entityPath('exhibition', '../../escape'));
    expect(exhibition.name_en).toBe('Escape <b>Expo</b>');
    expect((await verifySite({ dir: out })).problems).toEqual([]);
  });
});

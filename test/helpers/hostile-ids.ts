/**
 * A site whose ids are not plain file names, for the raw-id tests: spaces, `.`, `+`, `%`,
 * `~`, `/`, `#`, `?`, CJK and emoji, in every kind, with exhibitors linked to exhibitions.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kind } from '../../src/query/semantics/index.js';
import { buildTempSite } from './site.js';

/** Ids every generated client must get by their raw form. */
export const HOSTILE_IDS = [
  'EXH 1',
  'a.b',
  '.dot',
  '..',
  'a.json',
  'a+b',
  '100%',
  '%41',
  'x~y',
  '~',
  'a/b',
  'a#b',
  'a?b=1',
  '展会 一号',
  '🚀 launch',
  'plain-1',
];

/** Builds a site whose exhibitions, exhibitors and providers have these ids (each exhibitor at every exhibition). */
export async function buildHostileIdSite(
  ids: readonly string[] = HOSTILE_IDS,
  baseUrl = 'https://hostile.example',
): Promise<{ out: string; ids: Record<Kind, string[]> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ds-hostile-ids-'));
  const sources = {
    exhibitions: ids.map((id, i) => ({
      id,
      name_en: `Expo ${i}`,
      industry_tags_en: ['Lighting & Lamps'],
      country: 'China',
      city: i % 2 ? "Xi'an" : 'Shanghai',
      start_date: '2026-04-01',
      end_date: '2026-04-03',
    })),
    exhibitors: ids.map((id, i) => ({
      id,
      company_en: `Maker ${i}`,
      industry_tags: ['Lighting & Lamps'],
      weight: i,
      country: 'China',
      city: 'Shanghai',
      exhibition_ids: ids,
    })),
    service_providers: ids.map((id, i) => ({
      id,
      name_en: `Freight ${i}`,
      cover_regions: ['China'],
      good_at_industry: ['Lighting & Lamps'],
      is_verified: i % 2 === 0,
    })),
  };
  await writeFile(path.join(dir, 'data.json'), JSON.stringify(sources));
  const { out, diagnostics } = await buildTempSite({ sources: path.join(dir, 'data.json'), baseUrl });
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) throw new Error(`the hostile-id site did not build: ${JSON.stringify(errors)}`);
  return { out, ids: { exhibition: [...ids], exhibitor: [...ids], service_provider: [...ids] } };
}

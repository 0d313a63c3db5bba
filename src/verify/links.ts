/** Every URL inside the site's documents must name a file of the site. */
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { trimSlash } from '../query/formats/urls.js';
import { KINDS } from '../query/semantics/kinds.js';
import { readJson, type SiteOnDisk } from '../site/read-site.js';

/** Checks `_links` of every entity and `next`/`prev` of every page resolve to files of the site. */
export async function checkLinks(site: SiteOnDisk, files: ReadonlySet<string>, dir: string): Promise<Diagnostic[]> {
  const problems: Diagnostic[] = [];
  const base = `${trimSlash(site.baseUrl)}/`;
  const check = (file: string, field: string, url: unknown) => {
    const target = typeof url === 'string' && url.startsWith(base) ? safeDecode(url.slice(base.length)) : undefined;
    if (target === undefined || !files.has(target)) {
      problems.push({ code: 'invalid_site', severity: 'error', file: path.join(dir, file), field, message: `link does not resolve to a file of the site: ${String(url)}` });
    }
  };
  for (const kind of KINDS) {
    for (const [file, entity] of site.entityFiles[kind]) {
      for (const [name, value] of Object.entries((entity._links ?? {}) as Record<string, unknown>)) {
        for (const url of Array.isArray(value) ? value : [value]) check(file, `_links.${name}`, url);
      }
    }
  }
  for (const file of files) {
    if (!file.includes('/dataset/') && !/\/(exhibitors|providers)\/\d+\.json$/.test(file)) continue;
    const meta = ((await readJson(site.dir, file)) as { _meta?: { next?: unknown; prev?: unknown } })._meta ?? {};
    if (meta.next !== null) check(file, '_meta.next', meta.next);
    if (meta.prev !== null) check(file, '_meta.prev', meta.prev);
  }
  return problems;
}

function safeDecode(urlPath: string): string | undefined {
  try {
    return urlPath.split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}

/**
 * What a reader sees while a site is being published: the links of every document, and a
 * replay of the bucket's writes that reports every moment a reader could follow a link to
 * a missing object. Written for the tests, sharing no code with src/publish.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { isBodyCopyPath, MCP_ROUTE } from '../../src/query/formats/index.js';
import type { LoggedWrite } from './s3.js';

const ENTRY = 'api/public/schema.json';

/** Site path → the site paths its document links to (every string under `baseUrl` in a JSON document). */
export async function siteLinks(dir: string, baseUrl = 'http://localhost:8080'): Promise<Map<string, string[]>> {
  const links = new Map<string, string[]>();
  for (const file of await fg('**/*', { cwd: dir, onlyFiles: true })) {
    // The JSON documents link; the bulk dumps repeat the entities' links, which the entity documents have. A body's
    // copy holds the links of the snapshot that named it, to an entity that may have left since.
    const text =
      file.startsWith('api/public/') && file.endsWith('.json') && !isBodyCopyPath(file)
        ? await readFile(path.join(dir, file), 'utf8')
        : '';
    links.set(file, text === '' ? [] : urlsIn(JSON.parse(text), `${baseUrl}/`));
  }
  return links;
}

// Query-form URLs (`…/dataset?type=…`) and the MCP endpoint name no object: the router answers them.
function urlsIn(value: unknown, base: string, found: string[] = []): string[] {
  if (typeof value === 'string' && value.startsWith(base) && !value.includes('?') && value !== `${base}${MCP_ROUTE}`)
    found.push(value.slice(base.length).split('/').map(decodeURIComponent).join('/'));
  else if (Array.isArray(value)) for (const item of value) urlsIn(item, base, found);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) urlsIn(item, base, found);
  return found;
}

/**
 * Replays `writes` (the publish's records under `.dataset-site/` aside) over a bucket that
 * held the site `before` (site path → links), the uploads carrying the links of `after`.
 * A reader can reach the entry document and anything already in the bucket before, and
 * from those whatever they link to. Reports each moment such a reader could follow a link
 * to a missing key, and each deletion of a key a document of the new site still links to.
 */
export function readerProblems(
  before: Map<string, string[]>,
  after: Map<string, string[]>,
  writes: readonly LoggedWrite[],
): string[] {
  const present = new Set(before.keys());
  const links = new Map(before);
  const reachable = new Set([...before.keys(), ENTRY]);
  const problems: string[] = [];
  const reveal = (start: string, at: number) => {
    const stack = [start];
    while (stack.length > 0) {
      const from = stack.pop()!;
      for (const to of links.get(from) ?? []) {
        if (!present.has(to)) problems.push(`write ${at}: ${from} links to ${to}, not in the bucket yet`);
        else if (!reachable.has(to)) {
          reachable.add(to);
          stack.push(to);
        }
      }
    }
  };
  writes.forEach(({ method, key }, at) => {
    if (key.startsWith('.dataset-site/')) return;
    if (method === 'PUT') {
      present.add(key);
      links.set(key, after.get(key) ?? []);
      if (reachable.has(key)) reveal(key, at);
    } else {
      present.delete(key);
      for (const [from, targets] of links)
        if (present.has(from) && after.has(from) && targets.includes(key))
          problems.push(`write ${at}: deleted ${key}, linked from ${from}`);
    }
  });
  return problems;
}

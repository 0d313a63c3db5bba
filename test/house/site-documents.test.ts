/**
 * The registry of documents (src/query/formats/site-documents.ts) is the one docs/api.md#documents
 * describes: every kind in its table with its version, and the site format derived from it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_DOCUMENTS, SITE_FORMAT } from '../../src/query/formats/index.js';

const section = (() => {
  const text = readFileSync('docs/api.md', 'utf8');
  const start = text.indexOf('<a id="documents"></a>');
  return text.slice(start, text.indexOf('<a id=', start + 1));
})();

// The table's rows: the kinds each names, and the version of each (a cell of several, comma-separated, in turn).
const rows = section
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => {
    const cells = line.split(' | ');
    const kinds = [...cells[0]!.matchAll(/`([a-z]+)`/g)].map((match) => match[1]!);
    const versions = cells[2]!.split(', ').map((cell) => (/^\d+$/.test(cell) ? Number(cell) : null));
    return kinds.map((kind, i) => [kind, versions.length === kinds.length ? versions[i] : versions[0]] as const);
  })
  .flat();

describe('docs/api.md#documents', () => {
  it('names every kind of the registry once, with its version', () => {
    const documented = new Map(rows);
    expect(rows.length).toBe(documented.size);
    expect([...documented.keys()].sort()).toEqual(Object.keys(SITE_DOCUMENTS).sort());
    for (const [kind, { version }] of Object.entries(SITE_DOCUMENTS)) expect(documented.get(kind), kind).toBe(version);
  });

  it('gives the site format the registry makes, the leaves’ and the snapshots’ versions in it', () => {
    expect(section).toContain(`\`${SITE_FORMAT}\``);
    expect(SITE_FORMAT).toMatch(/^search\d+-.*-leaves\d+$/);
    expect(SITE_FORMAT).toContain(`snapshot${SITE_DOCUMENTS.snapshot.version}`);
  });
});

/** The code cites the API reference by section (`docs/api.md#matching`): every cited section exists. */
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';

const CITATION = /docs\/(\w[\w-]*)\.md#([\w-]+)/g;

describe('docs/', () => {
  it('has every section the code, tests and README cite', () => {
    const anchors = new Map<string, Set<string>>();
    const anchorsOf = (doc: string) => {
      if (!anchors.has(doc))
        anchors.set(
          doc,
          new Set([...readFileSync(`docs/${doc}.md`, 'utf8').matchAll(/<a id="([\w-]+)"><\/a>/g)].map(([, id]) => id!)),
        );
      return anchors.get(doc)!;
    };
    const citations = fg
      .sync(['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'README.md'])
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(CITATION)].map(([citation, doc, anchor]) => ({
          file,
          citation,
          found: anchorsOf(doc!).has(anchor!),
        })),
      );
    expect(citations.length).toBeGreaterThan(20);
    expect(citations.filter((citation) => !citation.found).map(({ file, citation }) => `${file}: ${citation}`)).toEqual(
      [],
    );
  });

  it('cites no document outside the repository', () => {
    const outside = fg.sync(['src/**/*.ts']).filter((file) => /CONTRACT §|SPEC\.md/.test(readFileSync(file, 'utf8')));
    expect(outside).toEqual([]);
  });
});

/**
 * The map matches the house: README's "The data's way through the program" names every
 * folder of `src/` (a nested one indented under its parent) and no folder that is gone,
 * docs/architecture.md names every room of the build's pipeline, and its table of which
 * room imports which is the code's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { folderImports, importGraph } from './import-graph.js';

/**
 * Folders of `test/` that test no one room: the build as a whole (`src/build.ts`), the contract suite every host runs,
 * faults across the house, the house itself, the packed package, and what they share (fixtures, helpers, the oracle).
 */
const SUITES = ['build', 'contract', 'faults', 'fixtures', 'helpers', 'house', 'oracle', 'package'];

const folders = fg
  .sync('src/**', { onlyDirectories: true })
  .map((folder) => folder.slice('src/'.length))
  .sort();

/** The folders README's map names, as paths under `src/`: `name/` at the start of a line, two spaces a level. */
function mapFolders(): string[] {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf("The data's way through the program");
  const block = /```\n([\s\S]*?)```/.exec(readme.slice(start))?.[1] ?? '';
  const named: string[] = [];
  const parents: string[] = [];
  for (const line of block.split('\n')) {
    const entry = /^((?: {2})*)([\w-]+)\/(?:\s|$)/.exec(line);
    if (entry === null) continue;
    const level = entry[1]!.length / 2;
    parents.length = level;
    parents.push(entry[2]!);
    named.push(parents.join('/'));
  }
  return named.sort();
}

/** The table under docs/architecture.md's "Which room imports which": each room (`src` for the top of `src/`) and the rooms it imports. */
function claimedImports(): Map<string, string[]> {
  const page = readFileSync('docs/architecture.md', 'utf8');
  const section = page.slice(page.indexOf('## Which room imports which'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('\n|')));
  const claims = new Map<string, string[]>();
  for (const [, room, targets] of table.matchAll(/^\| `([\w/]+)` \| ([^|]*) \|$/gm)) {
    claims.set(room!, [...targets!.matchAll(/`([\w/]+)`/g)].map(([, target]) => target!).sort());
  }
  return claims;
}

// A folder as the table names it: relative to `src/`, the top itself `src`.
const roomName = (folder: string) => (folder === 'src' ? 'src' : folder.slice('src/'.length));

describe('the map of src/', () => {
  it('README names every folder, nested under its parent, and none that is gone', () => {
    expect(folders.length).toBeGreaterThan(10);
    expect(mapFolders()).toEqual(folders);
  });

  it('docs/architecture.md names every room of the pipeline', () => {
    const page = readFileSync('docs/architecture.md', 'utf8');
    const rooms = folders.filter((folder) => folder.startsWith('pipeline/'));
    expect(rooms.length).toBeGreaterThan(3);
    expect(rooms.filter((room) => !page.includes(`src/${room}/`))).toEqual([]);
  });
});

describe('the map of imports', () => {
  it("docs/architecture.md's table says, room by room, exactly which rooms each imports", () => {
    const code = new Map(
      [...folderImports(importGraph())].map(([folder, targets]) => [roomName(folder), targets.map(roomName)]),
    );
    expect(code.size).toBeGreaterThan(20);
    expect(claimedImports()).toEqual(code);
  });
});

describe('the map of test/', () => {
  it("mirrors src/: every folder of tests is a room's, of the same path, or one of the suites that test no one room", () => {
    expect(fg.sync('test/*.test.ts')).toEqual([]);
    const testFolders = [
      ...new Set(fg.sync('test/**/*.test.ts').map((file) => path.dirname(file).slice('test/'.length))),
    ];
    expect(testFolders.length).toBeGreaterThan(20);
    const suites = new Set(SUITES);
    expect(testFolders.filter((folder) => !suites.has(folder.split('/')[0]!) && !folders.includes(folder))).toEqual([]);
  });
});

/**
 * Every room has a door: its `index.ts`, the names other rooms may use. A module imports its own folder's modules
 * directly and every other room through that room's door, so what a room keeps to itself can change without a search
 * through the house. `test/` mirrors `src/`: a room's tests sit in the folder of the same path and may open the room's
 * modules; every other test, and every other room, goes through the doors.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph.js';

const isDoor = (module: string) => path.basename(module) === 'index.ts';

/** The folder of `src/` a module is of: its own for a module of `src/`, the one it mirrors for a test, if any. */
function roomOf(module: string): string | undefined {
  if (module.startsWith('src/')) return path.dirname(module);
  const mirrored = path.dirname(module).replace(/^test/, 'src');
  return existsSync(mirrored) ? mirrored : undefined;
}

/** Each import of `graph` that reaches into another folder of `src/` past its door, as `module -> target`. */
function importsPassingDoors(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([module, targets]) =>
    targets
      .filter((target) => target.startsWith('src/') && path.dirname(target) !== roomOf(module) && !isDoor(target))
      .map((target) => `${module} -> ${target}`),
  );
}

describe('the doors of src/', () => {
  it('no module imports another room past its door', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(50);
    expect(importsPassingDoors(graph)).toEqual([]);
  });

  it("no test imports src/ past a door, but a room's own tests, in the folder of test/ that mirrors it", () => {
    const graph = importGraph(fg.sync('test/**/*.ts', { ignore: ['**/generated/**'] }));
    expect(graph.size).toBeGreaterThan(50);
    expect(importsPassingDoors(graph)).toEqual([]);
  });

  it("bench/ reaches src/ and the compiled lib/ through the doors and the package's entry points only", () => {
    const graph = importGraph(fg.sync('bench/**/*.ts'));
    expect(graph.size).toBeGreaterThan(10);
    const entries = new Set(['src/index.ts', 'src/cli.ts']);
    const past = [...graph].flatMap(([module, targets]) =>
      targets
        .map((target) => target.replace(/^lib\//, 'src/'))
        .filter((target) => target.startsWith('src/') && !isDoor(target) && !entries.has(target))
        .map((target) => `${module} -> ${target}`),
    );
    expect(past).toEqual([]);
  });

  it('finds an import past a door', () => {
    const graph = new Map([
      ['src/a/x.ts', ['src/a/y.ts', 'src/b/index.ts', 'src/b/z.ts']],
      ['src/a/index.ts', ['src/a/x.ts', 'src/a/inner/index.ts', 'src/a/inner/w.ts', 'src/b/index.ts']],
      ['src/a/inner/w.ts', ['src/a/index.ts']],
      ['test/query/router/t.test.ts', ['src/query/router/router.ts', 'src/query/formats/paths.ts']],
      ['test/helpers/h.ts', ['src/query/router/router.ts', 'src/query/router/index.ts']],
    ]);
    expect(importsPassingDoors(graph)).toEqual([
      'src/a/x.ts -> src/b/z.ts',
      'src/a/index.ts -> src/a/inner/w.ts',
      'test/query/router/t.test.ts -> src/query/formats/paths.ts',
      'test/helpers/h.ts -> src/query/router/router.ts',
    ]);
  });
});

/**
 * Every room has a door: its `index.ts`, the names other rooms may use. A module imports its own folder's modules
 * directly and every other room through that room's door, so what a room keeps to itself can change without a search
 * through the house.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph.js';

const isDoor = (module: string) => path.basename(module) === 'index.ts';

/** Each import of `graph` that reaches into another folder past its door, as `module -> target`. */
function importsPassingDoors(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([module, targets]) =>
    targets
      .filter((target) => path.dirname(target) !== path.dirname(module) && !isDoor(target))
      .map((target) => `${module} -> ${target}`),
  );
}

describe('the doors of src/', () => {
  it('no module imports another room past its door', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(50);
    expect(importsPassingDoors(graph)).toEqual([]);
  });

  it('finds an import past a door', () => {
    const graph = new Map([
      ['src/a/x.ts', ['src/a/y.ts', 'src/b/index.ts', 'src/b/z.ts']],
      ['src/a/index.ts', ['src/a/x.ts', 'src/a/inner/index.ts', 'src/a/inner/w.ts', 'src/b/index.ts']],
      ['src/a/inner/w.ts', ['src/a/index.ts']],
    ]);
    expect(importsPassingDoors(graph)).toEqual(['src/a/x.ts -> src/b/z.ts', 'src/a/index.ts -> src/a/inner/w.ts']);
  });
});

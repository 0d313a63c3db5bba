/** The house has no import cycles: a cycle marks a type or function in the wrong module. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';

const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?'(\.[^']+)';/gm;

/** Every module of `src/` and the relative modules it imports (type-only imports included). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of fg.sync('src/**/*.ts', { ignore: ['**/*.d.ts'] }).sort()) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map(([, specifier]) => path.join(path.dirname(file), specifier!).replace(/\.js$/, '.ts'));
    graph.set(file, targets);
  }
  return graph;
}

/** The cycles found by a depth-first walk, each as the list of modules around it. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (module: string) => {
    state.set(module, 'open');
    stack.push(module);
    for (const target of graph.get(module) ?? []) {
      if (state.get(target) === 'open') cycles.push([...stack.slice(stack.indexOf(target)), target]);
      else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(module, 'done');
  };
  for (const module of graph.keys()) if (!state.has(module)) visit(module);
  return cycles;
}

describe('src/', () => {
  it('has no import cycle', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(50);
    expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('resolves every relative import to a module', () => {
    const graph = importGraph();
    const missing = [...graph].flatMap(([module, targets]) => targets.filter((target) => !graph.has(target)).map((target) => `${module} -> ${target}`));
    expect(missing).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});

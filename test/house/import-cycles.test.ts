/**
 * The house has no import cycles, between files or between folders: a cycle marks a type or
 * function in the wrong module, a loop between folders one in the wrong room.
 */
import { describe, expect, it } from 'vitest';
import { folderImports, importGraph } from './import-graph.js';

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

/** The folders of `src/` that import each other in a loop (strongly connected, two or more), each sorted, by Tarjan's walk. */
function folderLoops(graph: Map<string, string[]>): string[][] {
  const folders = folderImports(graph);
  const loops: string[][] = [];
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const visit = (folder: string) => {
    order.set(folder, order.size);
    low.set(folder, order.get(folder)!);
    stack.push(folder);
    for (const next of folders.get(folder) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(folder, Math.min(low.get(folder)!, order.get(next)!));
    }
    if (low.get(folder) !== order.get(folder)) return;
    const loop = stack.splice(stack.indexOf(folder));
    if (loop.length > 1) loops.push(loop.sort());
  };
  for (const folder of folders.keys()) if (!order.has(folder)) visit(folder);
  return loops.sort();
}

describe('src/', () => {
  it('has no loop between folders', () => {
    expect(folderLoops(importGraph())).toEqual([]);
  });

  it('finds a loop between folders when there is one', () => {
    const graph = new Map([
      ['src/a/x.ts', ['src/b/y.ts']],
      ['src/b/y.ts', ['src/c/z.ts']],
      ['src/c/z.ts', ['src/a/w.ts']],
      ['src/a/w.ts', []],
      ['src/d/v.ts', ['src/a/x.ts']],
    ]);
    expect(folderLoops(graph)).toEqual([['src/a', 'src/b', 'src/c']]);
  });

  it('has no import cycle', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(50);
    expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('resolves every relative import to a module', () => {
    const graph = importGraph();
    const missing = [...graph].flatMap(([module, targets]) =>
      targets.filter((target) => !graph.has(target)).map((target) => `${module} -> ${target}`),
    );
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

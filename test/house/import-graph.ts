/**
 * The import graph of `src/`, read from its modules' import statements and `import()` calls (not a type's `typeof
 * import(…)`: a test names the module it mocks so): what the house tests hold to the map.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';

const IMPORT =
  /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?'(\.[^']+)';|(?<!typeof )\bimport\('(\.[^']+)'\)/gm;

/** Every module of `files` (of `src/` unless told) and the relative modules it imports (type-only imports included). */
export function importGraph(files = fg.sync('src/**/*.ts', { ignore: ['**/*.d.ts'] })): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of [...files].sort()) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map(([, specifier, called]) =>
      path.join(path.dirname(file), (specifier ?? called)!).replace(/\.js$/, '.ts'),
    );
    graph.set(file, targets);
  }
  return graph;
}

/** Each folder of `src/` (`src` for its root) and the other folders its modules import, sorted. */
export function folderImports(graph: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [module, targets] of graph) {
    const from = path.dirname(module);
    if (!folders.has(from)) folders.set(from, new Set());
    for (const target of targets) if (path.dirname(target) !== from) folders.get(from)!.add(path.dirname(target));
  }
  return new Map(
    [...folders].sort(([a], [b]) => a.localeCompare(b)).map(([folder, targets]) => [folder, [...targets].sort()]),
  );
}

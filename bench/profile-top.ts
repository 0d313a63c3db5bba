/**
 * The functions that took the most time in a CPU profile (`node --cpu-prof`), by self time.
 *
 *   npx tsx bench/profile-top.ts <file.cpuprofile> [count]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Self time per function (`name file:line`) in milliseconds, largest first. */
export function topFunctions(profile: {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}): [string, number][] {
  const sampled = new Map<number, number>();
  profile.samples.forEach((id, i) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const self = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (sampled.get(node.id) ?? 0));
  }
  return [...self].sort((a, b) => b[1] - a[1]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, count = '15'] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/profile-top.ts <file.cpuprofile> [count]');
  const top = topFunctions(JSON.parse(readFileSync(file, 'utf8')));
  const total = top.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`total ${(total / 1000).toFixed(1)} s`);
  for (const [name, ms] of top.slice(0, Number(count))) {
    console.log(`${(ms / 1000).toFixed(2).padStart(7)} s ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`);
  }
}

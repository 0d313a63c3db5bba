/** Runs a child process under `/usr/bin/time -v`: wall time, CPU time and peak RSS. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What one timed run of a command cost. */
export interface Timing {
  /** Wall time, seconds (measured around the child, ms precision). */
  wall: number;
  /** User + system CPU time of the child and its children, seconds. */
  cpu: number;
  /** Peak resident set size, bytes. */
  peakRss: number;
  stdout: string;
  stderr: string;
}

const TIME = '/usr/bin/time';

/** Fails with a clear message when GNU time is missing. */
export function requireGnuTime(): void {
  if (spawnSync(TIME, ['-v', 'true']).status !== 0) {
    throw new Error(`${TIME} (GNU time) is missing: install it with "apt-get install -y time"`);
  }
}

/**
 * Runs `command args…` to completion under GNU time. Rejects when the command fails,
 * with its standard error. `onLine` receives the child's standard error line by line;
 * `options` gives the child's working folder and environment.
 */
export function runTimed(
  command: string,
  args: readonly string[],
  onLine?: (line: string) => void,
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Timing> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-time-'));
  const report = path.join(dir, 'time.txt');
  const child = spawn(TIME, ['-v', '-o', report, command, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: options.cwd,
    env: options.env,
  });
  let stdout = '';
  let stderr = '';
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine?.(line);
  });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const wall = (performance.now() - started) / 1000;
      const text = readFileSync(report, 'utf8');
      rmSync(dir, { recursive: true, force: true });
      if (code !== 0)
        return reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${stderr.slice(-4000)}`));
      const field = (name: string) => Number(new RegExp(`${name}: ([\\d.]+)`).exec(text)?.[1] ?? NaN);
      const cpu = field('User time \\(seconds\\)') + field('System time \\(seconds\\)');
      resolve({ wall, cpu, peakRss: field('Maximum resident set size \\(kbytes\\)') * 1024, stdout, stderr });
    });
  });
}

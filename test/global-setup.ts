/**
 * Builds the embedded sample once for the whole suite: tests that only read a site share
 * it (`sampleSite()`), tests that change one take a copy (`copySampleSite()`). Every
 * temporary folder of the run (the tests', their commands' and servers') is made in one
 * folder, `TMPDIR` for the test processes, removed when the suite ends: a run makes
 * hundreds of sites, several GB.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../src/index.js';
import { TEST_NOW } from './helpers/site.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The sample site, built once; read it, never change it. */
    sampleSite: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const run = await mkdtemp(path.join(tmpdir(), 'ds-run-'));
  // The test processes start after this and inherit it; os.tmpdir() reads it on every call.
  process.env.TMPDIR = run;
  const root = await mkdtemp(path.join(run, 'ds-sample-'));
  // Servers started by root (nginx serves as `nobody`) must reach the site.
  await chmod(run, 0o755);
  await chmod(root, 0o755);
  const out = path.join(root, 'site');
  await build({ sources: 'sources', out, now: TEST_NOW });
  project.provide('sampleSite', out);
  // Removing a million files takes minutes: the suite does not wait for it.
  return () => spawn('rm', ['-rf', run], { detached: true, stdio: 'ignore' }).unref();
}

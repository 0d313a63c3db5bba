/**
 * Builds the embedded sample once for the whole suite: tests that only read a site share
 * it (`sampleSite()`), tests that change one take a copy (`copySampleSite()`).
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../src/build.js';
import { TEST_NOW } from './helpers/site.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The sample site, built once; read it, never change it. */
    sampleSite: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), 'ds-sample-'));
  // Servers started by root (nginx serves as `nobody`) must reach the site.
  await chmod(root, 0o755);
  const out = path.join(root, 'site');
  await build({ sources: 'sources', out, now: TEST_NOW });
  project.provide('sampleSite', out);
  return () => rm(root, { recursive: true, force: true });
}

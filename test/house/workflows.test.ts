/**
 * The GitHub workflows: valid against the workflow schema (@action-validator/cli, offline),
 * the rebuild scheduled off the top of the hour without overlapping runs, and every
 * `dataset-site` command and flag they call one the command line has.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { runCli, runNode } from '../helpers/cli.js';

const WORKFLOWS = await fg('.github/workflows/*.yml');
const VALIDATOR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@action-validator/cli/package.json')),
  'cli.mjs',
);

describe.each(WORKFLOWS)('%s', (file) => {
  it('is a valid workflow', async () => {
    const result = await runNode([VALIDATOR, file]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });

  it('calls only commands and flags dataset-site has', async () => {
    const text = await readFile(file, 'utf8');
    for (const [, command, args] of text.matchAll(/node lib\/cli\.js (\w+)([^\n]*)/g)) {
      const help = (await runCli([command!, '--help'])).stdout;
      for (const [flag] of args!.matchAll(/--[a-z-]+/g)) expect(help, `${command} ${flag}`).toContain(flag);
    }
  });
});

describe('the rebuild workflow', () => {
  it('runs every 5 minutes off the top of the hour, on demand, one run at a time', async () => {
    const text = await readFile('.github/workflows/rebuild.yml', 'utf8');
    expect(text).toMatch(/cron: '[1-4]-59\/5 \* \* \* \*'/);
    expect(text).toContain('workflow_dispatch:');
    expect(text).toMatch(/concurrency:\n\s+group: rebuild\n\s+cancel-in-progress: false/);
  });

  it('is refused by the validator when broken, so the check can fail', async () => {
    const broken = path.join(tmpdir(), `broken-workflow-${process.pid}.yml`);
    await writeFile(broken, 'name: x\non: push\njobs:\n  a:\n    steps:\n      - run: echo\n    bogus: 1\n');
    expect((await runNode([VALIDATOR, broken])).code).not.toBe(0);
  });
});

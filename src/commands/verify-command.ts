/** `dataset-site verify`: a built site checked against the contract. */
import type { Command } from 'commander';
import { UserError } from '../shared/index.js';
import { parseNumber, printDiagnostics } from './flags.js';
import { optionsWhenRun } from './lazy-options.js';

/** Adds `verify` to `program`. */
export function addVerifyCommand(program: Command): void {
  const verify = program
    .command('verify')
    .description('check a built site against the contract; exit 1 with a list of problems when anything is wrong')
    .option('--dir <dir>', 'folder of the built site', 'dist')
    .option(
      '--changed',
      'read only what the last build changed, its links both ways, and a rotating share of the rest (for the scheduled job)',
    );
  // Its default is the site's, loaded when the command runs.
  optionsWhenRun(verify, async (command) => {
    const { DEFAULT_ROTATION_PERIOD } = await import('../site/index.js');
    command.option(
      '--rotation <runs>',
      'with --changed: runs in which the rotating share reads every document',
      String(DEFAULT_ROTATION_PERIOD),
    );
  });
  verify.action(async (options: { dir: string; changed?: boolean; rotation: string }) => {
    const { verifySite } = await import('../verify/index.js');
    const rotation = parseNumber(options.rotation);
    if (!Number.isInteger(rotation) || rotation < 1)
      throw new UserError(`--rotation must be a whole number of runs, at least 1 (got ${options.rotation})`, 2);
    const result = await verifySite({
      dir: options.dir,
      changed: options.changed,
      rotation,
      onProgress: (message) => process.stderr.write(`  ${message}\n`),
    });
    printDiagnostics(result.problems);
    const read = `${result.read} entity documents and pages read`;
    if (result.problems.length > 0) {
      console.error(`${result.problems.length} problems in ${options.dir} (${result.documents} documents, ${read})`);
      process.exitCode = 1;
    } else console.log(`ok: ${result.documents} documents in ${options.dir} agree with the reference (${read})`);
  });
}

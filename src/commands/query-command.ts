/** `dataset-site query`: the answer to one dataset query, from a built site. */
import type { Command } from 'commander';
import { optionsWhenRun } from './lazy-options.js';

/** Adds `query` to `program`. */
export function addQueryCommand(program: Command): void {
  const query = program
    .command('query')
    .description('print the answer to one dataset query, computed offline from a built site')
    .option('--dir <dir>', 'folder of the built site', 'dist');
  // One option a dataset parameter, named and described by the query semantics, loaded when the command runs.
  optionsWhenRun(query, async (command) => {
    const { DATASET_PARAMETERS, DATASET_PARAMETER_SCHEMAS } = await import('../query/semantics/index.js');
    for (const name of DATASET_PARAMETERS)
      command.option(`--${name} <value>`, DATASET_PARAMETER_SCHEMAS[name].description);
  });
  query.action(async (options: Record<string, string>) => {
    const { dir, ...params } = options;
    const { queryDataset } = await import('../site/index.js');
    const answer = await queryDataset({ dir: dir!, params });
    if (typeof answer.body === 'string') process.stdout.write(answer.body);
    else console.log(JSON.stringify(answer.body, null, 2));
    if (answer.status !== 200) process.exitCode = 2;
  });
}

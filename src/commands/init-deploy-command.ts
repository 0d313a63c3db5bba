/** `dataset-site init-deploy`: the deploy configuration written into the project once. */
import path from 'node:path';
import type { Command } from 'commander';

/** Adds `init-deploy` to `program`. */
export function addInitDeployCommand(program: Command): void {
  program
    .command('init-deploy')
    .description(
      'write the deploy configuration into the project once (wrangler.toml of the Worker over R2, an nginx server block); a file already there is yours and is kept',
    )
    .option('--dir <dir>', 'folder to write it into, outside the built site', 'deploy')
    .option('--site <dir>', 'folder of the built site, which the nginx server block serves', 'dist')
    .option('--name <name>', 'name of the Worker on Cloudflare', 'dataset-site')
    .option('--bucket <name>', 'the R2 bucket publish sends the site to', 'dataset-site')
    .option('--prefix <prefix>', 'the --prefix of publish, taken as publish takes it (site is site/)', '')
    .action(async (options: { dir: string; site: string; name: string; bucket: string; prefix: string }) => {
      const { initDeploy } = await import('../hosts/index.js');
      for (const file of await initDeploy(options))
        console.log(`${file.written ? 'wrote' : 'kept (already there, yours)'} ${path.relative('.', file.path)}`);
    });
}

/** `dataset-site serve`: a built site served locally, with a word when its links lead elsewhere. */
import type { Command } from 'commander';
import { parseNumber } from './flags.js';

/** Adds `serve` to `program`. */
export function addServeCommand(program: Command): void {
  program
    .command('serve')
    .description('serve a built site locally with the full query form and headers (Ctrl-C stops it)')
    .option('--dir <dir>', 'folder of the built site', 'dist')
    .option('--port <n>', 'TCP port (0 picks a free one)', '8080')
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .action(async (options: { dir: string; port: string; host: string }) => {
      const { serve } = await import('../serve/index.js');
      const server = await serve({ dir: options.dir, port: parseNumber(options.port), host: options.host });
      console.log(`serving ${options.dir} at ${server.url}/ (Ctrl-C to stop)`);
      const site = new URL(server.siteBaseUrl);
      if (loopbackOrigin(site) !== loopbackOrigin(new URL(server.url))) {
        console.error(
          `warning: ${options.dir} was built for ${server.siteBaseUrl}, so every link and next page in its answers points there, not to ${server.url}. ` +
            `Rebuild it with --base-url ${server.url}${site.pathname === '/' ? '' : site.pathname}` +
            (/^(localhost|127\.0\.0\.1)$/.test(site.hostname) && site.port !== ''
              ? `, or serve it with --port ${site.port}`
              : '') +
            ', for links that lead here.',
        );
      }
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close());
    });
}

// An origin with the loopback names made one: a site built for localhost:8080 is served right by 127.0.0.1:8080.
function loopbackOrigin(url: URL): string {
  const loopback = /^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname);
  return loopback ? `${url.protocol}//loopback:${url.port}` : url.origin;
}

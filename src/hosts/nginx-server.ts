/**
 * The nginx server block of a self-hosted site: the part an operator edits (listen,
 * server_name, TLS, where `dataset-site serve` answers), around the rules the build
 * generates into the site (`nginx.conf`, nginx.ts), which it includes.
 */
import { QUERY_SERVER_VARIABLE } from './nginx.js';

/**
 * Why nginx cannot name the path `siteDir` in a configuration, or `undefined` when it can: a
 * control character (a line feed would end the directive, or inject others) or `$`, which
 * nginx reads as a variable in `root` and has no escape for. Anything else is quoted.
 */
export function unnamableInNginx(siteDir: string): string | undefined {
  const control = /[\u0000-\u001f\u007f]/.exec(siteDir)?.[0];
  if (control !== undefined) return `U+${control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  return siteDir.includes('$') ? '"$"' : undefined;
}

// A path as an nginx string, quoted: spaces, `;`, `{`, `#` and quotes are its own.
function nginxString(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * The text of the server block serving the built site in `siteDir` (an absolute path, which
 * {@link unnamableInNginx} takes).
 */
export function nginxServerBlock(siteDir: string): string {
  return `# The nginx server block of the site. Written once by dataset-site init-deploy: yours to
# edit (listen, server_name, TLS). Include it from nginx's http block, then reload nginx:
#   include <this file>;
# The rules it includes come with every build (${siteDir}/nginx.conf); the query form goes to
#   dataset-site serve --dir ${siteDir} --port 8787
server {
  listen 80;
  server_name data.example.com;
  root ${nginxString(siteDir)};
  set ${QUERY_SERVER_VARIABLE} 127.0.0.1:8787;
  include ${nginxString(`${siteDir}/nginx.conf`)};
}
`;
}

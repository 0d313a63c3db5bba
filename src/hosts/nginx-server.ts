/**
 * The nginx server block of a self-hosted site: the part an operator edits (listen,
 * server_name, TLS, where `dataset-site serve` answers), around the rules the build
 * generates into the site (`nginx.conf`, nginx.ts), which it includes.
 */
import { QUERY_SERVER_VARIABLE } from './nginx.js';

/** The text of the server block serving the built site in `siteDir` (an absolute path). */
export function nginxServerBlock(siteDir: string): string {
  return `# The nginx server block of the site. Written once by dataset-site init-deploy: yours to
# edit (listen, server_name, TLS). Include it from nginx's http block, then reload nginx:
#   include <this file>;
# The rules it includes come with every build (${siteDir}/nginx.conf); the query form goes to
#   dataset-site serve --dir ${siteDir} --port 8787
server {
  listen 80;
  server_name data.example.com;
  root ${siteDir};
  set ${QUERY_SERVER_VARIABLE} 127.0.0.1:8787;
  include ${siteDir}/nginx.conf;
}
`;
}

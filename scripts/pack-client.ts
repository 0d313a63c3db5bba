/**
 * Assembles the client package (packages/client): the compiled client SDK and the query
 * layer it runs (lib/client, lib/query) with their types, and the types of the schema
 * room whose entity schemas it names through the room's door (lib/schema/*.d.ts). Its runtime needs pluralize
 * (`text` folds plurals with it) and nothing else; its types need zod. None of the build's command-line dependencies. Run by
 * `npm run pack:client` after `npm run compile`; then `npm pack` in packages/client.
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const lib = path.join(root, 'lib');
const dist = path.join(root, 'packages/client/dist');
if (!existsSync(path.join(lib, 'client/index.js')))
  throw new Error('lib/client/index.js is missing; run npm run compile first');

rmSync(dist, { recursive: true, force: true });
const shipped = (file: string) => /\.(js|d\.ts)$/.test(file);
for (const folder of ['client', 'query'])
  cpSync(path.join(lib, folder), path.join(dist, folder), {
    recursive: true,
    filter: (file) => path.extname(file) === '' || shipped(file),
  });
cpSync(path.join(lib, 'schema'), path.join(dist, 'schema'), {
  recursive: true,
  filter: (file) => path.extname(file) === '' || file.endsWith('.d.ts'),
});
console.log(`assembled ${path.relative(root, dist)}`);

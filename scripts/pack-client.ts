/**
 * Assembles the client package (packages/client): the compiled client SDK and the query
 * layer it runs (lib/client, lib/query) with their types, and the types of the entity
 * schemas it names (lib/schema/entities.d.ts, fields.d.ts). Its runtime needs pluralize
 * (`text` folds plurals with it) and nothing else; its types need zod. None of the build's command-line dependencies. Run by
 * `npm run pack:client` after `npm run compile`; then `npm pack` in packages/client.
 */
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
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
mkdirSync(path.join(dist, 'schema'), { recursive: true });
for (const file of ['entities.d.ts', 'fields.d.ts'])
  cpSync(path.join(lib, 'schema', file), path.join(dist, 'schema', file));
console.log(`assembled ${path.relative(root, dist)}`);

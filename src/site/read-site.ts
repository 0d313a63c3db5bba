/**
 * Reads a built site back into memory: the schema document and every entity document,
 * as the reference {@link Dataset}. Used by `verify` and `query`, which answer from the
 * files on disk, never from the sources.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { UserError } from '../diagnostics.js';
import { API_ROOT, COLLECTIONS, Dataset, KINDS, SCHEMA_DOCUMENT_VERSION, SCHEMA_PATH, type Dictionary, type Entity, type Kind } from '../query/index.js';

/** A built site as read from disk. */
export interface SiteOnDisk {
  dir: string;
  dataset: Dataset;
  /** Entity documents of each kind, keyed by their static path. */
  entityFiles: Record<Kind, Map<string, Entity>>;
  dictionary: Dictionary;
  baseUrl: string;
  generatedAt: string;
  schema: Record<string, unknown>;
}

/** Reads the schema and the entity documents of the site in `dir`. */
export async function readSite(dir: string): Promise<SiteOnDisk> {
  const root = path.resolve(dir);
  const schema = await readJson(root, SCHEMA_PATH).catch((error: Error) => {
    throw new UserError(`${dir} is not a built site (${error.message}); did you run dataset-site build?`, 1);
  });
  const meta = (schema as { _meta?: Record<string, unknown> })._meta ?? {};
  if (meta.format_version !== SCHEMA_DOCUMENT_VERSION) {
    throw new UserError(`${SCHEMA_PATH} has format_version ${JSON.stringify(meta.format_version)}; this dataset-site reads version ${SCHEMA_DOCUMENT_VERSION}. Rebuild the site.`, 1);
  }
  const entityFiles = {} as Record<Kind, Map<string, Entity>>;
  for (const kind of KINDS) {
    const files = (await fg(`${API_ROOT}/${COLLECTIONS[kind]}/*.json`, { cwd: root })).sort();
    entityFiles[kind] = new Map();
    for (const file of files) entityFiles[kind].set(file, (await readJson(root, file)) as Entity);
  }
  return {
    dir: root,
    dataset: new Dataset({
      exhibition: [...entityFiles.exhibition.values()],
      exhibitor: [...entityFiles.exhibitor.values()],
      service_provider: [...entityFiles.service_provider.values()],
    }),
    entityFiles,
    dictionary: meta.entities as Dictionary,
    baseUrl: String(meta.base_url),
    generatedAt: String(meta.generated_at),
    schema: schema as Record<string, unknown>,
  };
}

/** Reads and parses one JSON file of the site. */
export async function readJson(root: string, file: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(root, file), 'utf8'));
}

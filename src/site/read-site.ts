/**
 * Reads a built site back into memory: the schema document and every entity document,
 * as the reference {@link Dataset}. Used by `query`, which answers from the files on disk,
 * never from the sources; `verify` reads only the schema document's description here.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { UserError } from '../shared/index.js';
import { SCHEMA_PATH, SiteError, API_ROOT } from '../query/formats/index.js';
import {
  parseSchemaDocument,
  type SchemaDocument,
  type SiteDescription,
  type Dictionary,
} from '../query/responses/index.js';
import { Dataset } from '../query/dataset/index.js';
import { type Entity, COLLECTIONS, KINDS, type Kind } from '../query/semantics/index.js';

/** A built site as read from disk. */
export interface SiteOnDisk {
  dir: string;
  dataset: Dataset;
  /** Entity documents of each kind, keyed by their static path. */
  entityFiles: Record<Kind, Map<string, Entity>>;
  dictionary: Dictionary;
  baseUrl: string;
  generatedAt: string;
  schema: SchemaDocument;
}

/** Reads the schema and the entity documents of the site in `dir`. */
export async function readSite(dir: string): Promise<SiteOnDisk> {
  const root = path.resolve(dir);
  const description = await readSchemaDescription(dir);
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
    dictionary: description.dictionary,
    baseUrl: description.baseUrl,
    generatedAt: description.generatedAt,
    schema: description.document,
  };
}

/** Reads the schema document of the site in `dir`, with a clear error when `dir` holds no built site. */
export async function readSchemaDescription(dir: string): Promise<SiteDescription> {
  const text = await readFile(path.join(dir, SCHEMA_PATH), 'utf8').catch((error: Error) => {
    throw new UserError(`${dir} is not a built site (${error.message}); did you run dataset-site build?`, 1);
  });
  try {
    return parseSchemaDocument(text);
  } catch (error) {
    if (error instanceof SiteError) throw new UserError(error.message, 1);
    throw error;
  }
}

/** Reads and parses one JSON file of the site. */
export async function readJson(root: string, file: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(root, file), 'utf8'));
}

/**
 * The site format a build writes into its own folder (`.dataset-site/format.json`, never
 * served): what publish compares with the deployed Worker's (publish/worker-format.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_VERSION, UserError } from '../shared/index.js';
import { SITE_FORMAT, SITE_FORMAT_PATH } from '../query/formats/index.js';

/** The file's text: this dataset-site's site format and version. */
export const SITE_FORMAT_TEXT = `${JSON.stringify({ format: SITE_FORMAT, version: PACKAGE_VERSION })}\n`;

/** Whether the site in `dir` holds this dataset-site's format file already, as it would be written. */
export async function holdsSiteFormat(dir: string): Promise<boolean> {
  return (await readFile(path.join(dir, SITE_FORMAT_PATH), 'utf8').catch(() => undefined)) === SITE_FORMAT_TEXT;
}

/**
 * The format and the dataset-site version of the site built in `dir`; `undefined` for a site
 * built before the file existed. Throws a {@link UserError} (exit 1) naming the file when it
 * is there but names no format: not JSON, or another shape (`null`, `{}`).
 */
export async function readSiteFormat(dir: string): Promise<{ format: string; version: string } | undefined> {
  const text = await readFile(path.join(dir, SITE_FORMAT_PATH), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw damaged(dir, `cannot be read (${error.code ?? error.message})`);
  });
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw damaged(dir, `is not JSON (${(error as Error).message})`);
  }
  const { format, version } = (json ?? {}) as { format?: unknown; version?: unknown };
  if (typeof format === 'string' && typeof version === 'string') return { format, version };
  throw damaged(dir, `names no site format (it holds ${JSON.stringify(json).slice(0, 80)})`);
}

function damaged(dir: string, what: string): UserError {
  return new UserError(
    `${SITE_FORMAT_PATH} in ${dir} ${what}, so the site's format is unknown: build the site again (the build writes the file anew), ` +
      'or publish with --no-worker-check when no Worker serves the bucket',
    1,
  );
}

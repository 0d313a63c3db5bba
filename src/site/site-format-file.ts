/**
 * The site format a build writes into its own folder (`.dataset-site/format.json`, never
 * served): what publish compares with the deployed Worker's (publish/worker-format.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_VERSION } from '../shared/index.js';
import { SITE_FORMAT } from '../query/responses/index.js';
import { SITE_FORMAT_PATH } from '../query/formats/index.js';

/** The file's text: this dataset-site's site format and version. */
export const SITE_FORMAT_TEXT = `${JSON.stringify({ format: SITE_FORMAT, version: PACKAGE_VERSION })}\n`;

/** Whether the site in `dir` holds this dataset-site's format file already, as it would be written. */
export async function holdsSiteFormat(dir: string): Promise<boolean> {
  return (await readFile(path.join(dir, SITE_FORMAT_PATH), 'utf8').catch(() => undefined)) === SITE_FORMAT_TEXT;
}

/** The format and the dataset-site version of the site built in `dir`; `undefined` for a site built before the file existed. */
export async function readSiteFormat(dir: string): Promise<{ format: string; version: string } | undefined> {
  const text = await readFile(path.join(dir, SITE_FORMAT_PATH), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const { format, version } = JSON.parse(text) as { format?: unknown; version?: unknown };
  return typeof format === 'string' && typeof version === 'string' ? { format, version } : undefined;
}

/** The version of this package, read once from its package.json, two folders up from src/shared/ and lib/shared/ alike. */
import { readFileSync } from 'node:fs';

/** `version` of dataset-site's package.json. */
export const PACKAGE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

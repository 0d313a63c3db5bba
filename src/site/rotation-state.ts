/**
 * The state of `verify --changed`'s rotation in the site's own folder
 * (`.dataset-site/verify-rotation.json`, `{ version, next }`, which every build carries over):
 * the slot the next run reads. Beside what the last build changed (changed-documents.ts),
 * the other file that run reads; here so that the command line knows the default period
 * without loading verify.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { documentVersion, ROTATION_STATE_PATH } from '../query/formats/index.js';
import { currentJson } from './state-version.js';

/** Runs of the 5-minute job in a day: the default period, so every document is read within a day. */
export const DEFAULT_ROTATION_PERIOD = 288;

// One written before versions were (`{ next }`) reads alike.
const ROTATION_VERSION = documentVersion('rotation');

/** The slot the next run of the site in `root` reads; 0 when there is none, or it is damaged or of a later version. */
export async function readNextSlot(root: string): Promise<number> {
  const text = await readFile(path.join(root, ROTATION_STATE_PATH), 'utf8').catch(() => undefined);
  const next = (currentJson(text, ROTATION_VERSION) as { next?: unknown } | null | undefined)?.next;
  return typeof next === 'number' && Number.isInteger(next) && next >= 0 ? next : 0;
}

/** Records `next` as the slot the next run reads: written whole, then renamed over the old state, so a run stopped half-way leaves the old one. */
export async function writeNextSlot(root: string, next: number): Promise<void> {
  const file = path.join(root, ROTATION_STATE_PATH);
  await writeFile(`${file}.${process.pid}`, JSON.stringify({ version: ROTATION_VERSION, next }));
  await rename(`${file}.${process.pid}`, file);
}

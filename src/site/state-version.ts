/**
 * The version of a state file of the build (the manifest, the changes feed's state, the
 * record cache, what the last build changed, the build's journal, verify's rotation): its
 * text read as JSON and its `version` placed against the one this code writes, so that a
 * file an earlier dataset-site wrote is started anew and a damaged or later one is named.
 */

/** A state file's JSON (of this version, or of none: its format says), `older`, or why it cannot be read. */
export type VersionedState = { json: unknown } | 'older' | { damaged: string };

/** Reads `text` against `version`; `later` says a later version found, as the caller's message puts it. */
export function readVersioned(text: string, version: number, later: (found: number) => string): VersionedState {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { damaged: `is not JSON (${(error as Error).message})` };
  }
  const found = (json as { version?: unknown } | null)?.version;
  if (typeof found === 'number' && found < version) return 'older';
  if (typeof found === 'number' && found > version) return { damaged: later(found) };
  return { json };
}

/**
 * The JSON of `text` when it is a state file of `version` (or of none); `undefined` when there is no text, or it is
 * damaged or of another version: for a state file whose reader starts anew rather than naming what it found.
 */
export function currentJson(text: string | undefined, version: number): unknown {
  const read = text === undefined ? 'older' : readVersioned(text, version, () => 'later');
  return typeof read === 'object' && 'json' in read ? read.json : undefined;
}

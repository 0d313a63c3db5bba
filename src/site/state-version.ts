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

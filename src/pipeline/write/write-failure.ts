/** A file-system refusal while writing a site, said in words: which site, and why (docs/api.md#command-line, exit 74). */

const CAUSES: Record<string, string> = {
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'a file stands where a folder should be',
  // What a recursive mkdir says when a file stands in its way.
  EEXIST: 'a file stands where a folder should be',
};

/** The error, its message starting with the site folder and the cause when the code is a known refusal. */
export function explainWriteFailure(error: unknown, outDir: string): unknown {
  const failure = error as NodeJS.ErrnoException;
  const cause = CAUSES[failure.code ?? ''];
  if (cause !== undefined) failure.message = `cannot write the site ${outDir}: ${cause} (${failure.message})`;
  return failure;
}

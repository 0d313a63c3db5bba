/**
 * A reader that leaves early (`dataset-site build | head -1`) closes the pipe of standard
 * output or error; the next write fails with EPIPE, raised as an error nobody handles, which
 * ended the process mid-build and left its lock and temporary folder. What the command
 * prints is a report, not its work: it goes on without that reader and ends as it would.
 */

// EPIPE: the reader closed the pipe; a write after that finds the stream destroyed.
const CLOSED = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

/** Makes writes to a standard output or error whose reader left drop silently; any other error of theirs is thrown. */
export function ignoreClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (!CLOSED.has(error.code ?? '')) throw error;
    });
}

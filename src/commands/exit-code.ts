/** The exit code of a failed command, and what it prints: a user's error in one line, the machine's refusal without a stack, a bug with it. */
import { UserError, formatDiagnostics } from '../shared/index.js';

/** Prints `error` as its kind asks and returns the exit code: the UserError's own, 0 or 2 for commander's help and usage, 74 for a system error, 70 for a bug. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof UserError) {
    if (error.diagnostics.length > 0) console.error(formatDiagnostics(error.diagnostics));
    console.error(`error: ${error.message}`);
    return error.exitCode;
  }
  const code = (error as { code?: string; exitCode?: number }).code;
  if (typeof code === 'string' && code.startsWith('commander.')) {
    return code === 'commander.helpDisplayed' || code === 'commander.version' || code === 'commander.help' ? 0 : 2;
  }
  if (isSystemError(error)) {
    // The machine refused (disk full, permissions, too many open files): say what and where, no stack.
    console.error(`error: ${error.message}`);
    return 74;
  }
  console.error(error);
  return 70;
}

/** An error raised by the operating system through Node (`ENOSPC`, `EACCES`, …). */
function isSystemError(error: unknown): error is NodeJS.ErrnoException & { code: string } {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === 'string' &&
    typeof (error as NodeJS.ErrnoException).syscall === 'string'
  );
}

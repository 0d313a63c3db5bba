/**
 * Problems as data: every stage reports {@link Diagnostic}s, and
 * {@link formatDiagnostics} prints them as `file:line[:column]: kind id: field: message`.
 */

/** What went wrong, for the summary and for tests. */
export type DiagnosticCode =
  | 'unreadable_file'
  | 'invalid_utf8'
  | 'unparseable'
  | 'misplaced_file'
  | 'invalid_field'
  | 'non_http_url'
  | 'duplicate_id'
  | 'unknown_exhibition'
  | 'unknown_field'
  /** A symbolic link to a folder already read (a loop), skipped. */
  | 'skipped_link'
  /** A built site breaks the contract (`verify`). */
  | 'invalid_site'
  /** A state file the build can do without (the manifest) was damaged, and written anew. */
  | 'damaged_state';

/** One problem found in the input or in a built site. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: 'error' | 'warning';
  /** Path of the file, relative to the working folder where possible. */
  file?: string;
  /** 1-based line of the record (or of the problem) in the file. */
  line?: number;
  /** 1-based column of the problem: in a CSV or TSV file, the field's position in its row. */
  column?: number;
  /** Entity kind and id of the record, when known. */
  kind?: string;
  id?: string;
  /** The field, as a dotted path (`case_images.0`). */
  field?: string;
  message: string;
}

/** Formats one diagnostic as `file:line[:column]: kind id: field: message` (absent parts left out). */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const parts: string[] = [];
  if (diagnostic.file !== undefined)
    parts.push(
      [diagnostic.file, diagnostic.line, diagnostic.line === undefined ? undefined : diagnostic.column]
        .filter((part) => part !== undefined)
        .join(':'),
    );
  if (diagnostic.kind !== undefined)
    parts.push(diagnostic.id === undefined ? diagnostic.kind : `${diagnostic.kind} ${diagnostic.id}`);
  if (diagnostic.field !== undefined) parts.push(diagnostic.field);
  const prefix = diagnostic.severity === 'warning' ? 'warning: ' : '';
  return [...parts, `${prefix}${diagnostic.message}`].join(': ');
}

/** Formats diagnostics one per line, errors first, each group in input order. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warnings = diagnostics.filter((d) => d.severity === 'warning');
  return [...errors, ...warnings].map(formatDiagnostic).join('\n');
}

/** Whether any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/**
 * "Your data or your flags are wrong": the one error class printed without a stack.
 * `exitCode` is 1 for bad input or a bad site, 2 for bad usage, 74 when a remote store
 * refused a request or could not be reached (the message names the object and the store).
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 | 74 | 75 = 1,
    readonly diagnostics: readonly Diagnostic[] = [],
  ) {
    super(message);
    this.name = 'UserError';
  }
}

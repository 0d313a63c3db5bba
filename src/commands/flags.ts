/** What the commands share: the one way the command line reads numbers and shares, and how it prints diagnostics. */
import { formatDiagnostics, type Diagnostic } from '../shared/index.js';

/**
 * The one way the command line reads a number: plain decimal digits (`30`, `2.5`, spaces around
 * allowed); anything else (`-1`, `1e3`, `0x10`, ``) becomes NaN, which each option's check refuses
 * as bad usage, naming the option (whole numbers are checked there too).
 */
export function parseNumber(text: string): number {
  return /^\s*\d+(?:\.\d+)?\s*$/.test(text) ? Number(text) : NaN;
}

/** A share, `10%` or `0.1`; anything else becomes NaN, which resolveConfig refuses as bad usage. */
export function parseShare(text: string): number {
  const percent = /^(.*)%\s*$/.exec(text);
  return percent ? parseNumber(percent[1]!) / 100 : parseNumber(text);
}

/** Prints `diagnostics` on stderr, if any. */
export function printDiagnostics(diagnostics: readonly Diagnostic[]): void {
  if (diagnostics.length > 0) console.error(formatDiagnostics(diagnostics));
}

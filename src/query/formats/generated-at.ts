/**
 * `generated_at` of a document (docs/api.md#generated-at) is known only when it is
 * written: rendering leaves the placeholder {@link UNSTAMPED}, and the writer stamps the
 * document with the time its content last changed.
 */

/** What a rendered document holds where its `generated_at` goes. */
export const UNSTAMPED = '"generated_at":""';

/** The JSON text with its one {@link UNSTAMPED} placeholder replaced by `generatedAt`. */
export function stampGeneratedAt(text: string, generatedAt: string): string {
  // The placeholder is the last of the document's members that could hold one.
  const at = text.lastIndexOf(UNSTAMPED);
  if (at < 0) throw new Error(`a document to stamp has no ${UNSTAMPED}`);
  return `${text.slice(0, at)}${stampedMember(generatedAt)}${text.slice(at + UNSTAMPED.length)}`;
}

/**
 * The text `written` was stamped from: its last `generated_at` emptied to {@link UNSTAMPED},
 * as the build rendered it (and fingerprinted it in its manifest); `written` when it has none.
 */
export function unstampedText(written: string): string {
  const head = '"generated_at":"';
  const at = written.lastIndexOf(head);
  if (at < 0) return written;
  const end = written.indexOf('"', at + head.length);
  return `${written.slice(0, at)}${UNSTAMPED}${written.slice(end + 1)}`;
}

/** What {@link UNSTAMPED} becomes once stamped with `generatedAt`. */
export function stampedMember(generatedAt: string): string {
  return `"generated_at":${JSON.stringify(generatedAt)}`;
}

/**
 * Whether `written` is `rendered` as the writer writes it: stamped with the `generated_at`
 * `written` holds when `timestamped`, else byte for byte.
 */
export function isWrittenFrom(written: string, rendered: string, timestamped: boolean): boolean {
  if (!timestamped) return written === rendered;
  const head = '"generated_at":"';
  const at = written.lastIndexOf(head);
  if (at < 0) return false;
  const end = written.indexOf('"', at + head.length);
  return written === stampGeneratedAt(rendered, written.slice(at + head.length, end));
}

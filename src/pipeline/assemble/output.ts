/**
 * What rendering hands the writer: the documents of the site, each with its fingerprint
 * (equal fingerprints, equal bytes), and what writing them adds up to.
 */
import { stampGeneratedAt, stampedMember, UNSTAMPED } from '../../query/formats/index.js';
import type { DocumentBody } from './assemble.js';
import { contentFingerprint } from '../../shared/index.js';

/** A text file of the built site. */
export interface OutputFile {
  /** Path relative to the site root, with `/`. */
  path: string;
  /** The text, or its UTF-8. When `timestamped`, its `generated_at` is `""`, stamped by the writer. */
  content: string | Uint8Array;
  timestamped: boolean;
}

/** A document of the built site, as the writer receives it. */
export interface OutputDocument {
  /** Path relative to the site root, with `/`. */
  path: string;
  /** How to make its bytes (see assemble.ts). When `timestamped`, its `generated_at` is `""`. */
  body: DocumentBody;
  /** Stands for its bytes with an empty `generated_at`: equal fingerprints, equal bytes (kept in the manifest). */
  fingerprint: string;
  /** Size in bytes, with an empty `generated_at`; -1 when it is known only once made (a gzipped dump). */
  size: number;
  /** Whether it holds an empty `generated_at` for the writer to stamp. */
  timestamped: boolean;
}

/** What a build wrote: the site's size, and how its documents compare with the previous site's. */
export interface WriteStats {
  /** Documents in the site, and their bytes. */
  files: number;
  bytes: number;
  /** Timestamped documents whose content changed since the previous build. */
  changed: number;
  /** Documents new to the site, written again (their content changed, or the file on disk did not match), unchanged, and gone. */
  added: number;
  rewritten: number;
  unchanged: number;
  removed: number;
  /** Bytes of the files written. */
  written: number;
  /** Whether the folder holds a partial site (site/partial-site.ts): the unchanged entity documents and pages are not in it. */
  partial: boolean;
}

/** Stats of nothing written yet. */
export function emptyStats(): WriteStats {
  return {
    files: 0,
    bytes: 0,
    changed: 0,
    added: 0,
    rewritten: 0,
    unchanged: 0,
    removed: 0,
    written: 0,
    partial: false,
  };
}

/** A text file as a document: its fingerprint is the SHA-1 of its text. */
export function textDocument(file: OutputFile): OutputDocument {
  const fingerprint = contentFingerprint(file.content);
  return {
    path: file.path,
    body: { form: 'text', text: file.content },
    fingerprint,
    size: typeof file.content === 'string' ? Buffer.byteLength(file.content) : file.content.length,
    timestamped: file.timestamped,
  };
}

/** Files and bytes of the documents, without writing them (the size of what the writer writes). */
export function countDocuments(documents: Iterable<OutputDocument>, generatedAt: string): WriteStats {
  const stats = emptyStats();
  for (const document of documents) {
    stats.files++;
    stats.added++;
    stats.bytes += Math.max(0, document.size) + (document.timestamped ? Buffer.byteLength(generatedAt) : 0);
    if (document.timestamped) stats.changed++;
  }
  return stats;
}

/** The document's body with the `generated_at` rendering left empty stamped, when it has one. */
export function stampBody(document: OutputDocument, generatedAt: string): DocumentBody {
  const body = document.body;
  if (!document.timestamped) return body;
  if (body.form === 'page') return { ...body, meta: stampGeneratedAt(body.meta, generatedAt) };
  if (body.form === 'text') return { form: 'text', text: stampText(body.text, generatedAt) };
  throw new Error('an entity document has no generated_at');
}

// Text stamped as text; UTF-8 as UTF-8, its last placeholder (ASCII, so found as bytes) as stampGeneratedAt finds it.
function stampText(text: string | Uint8Array, generatedAt: string): string | Uint8Array {
  if (typeof text === 'string') return stampGeneratedAt(text, generatedAt);
  const bytes = Buffer.from(text.buffer, text.byteOffset, text.length);
  const at = bytes.lastIndexOf(UNSTAMPED);
  if (at < 0) throw new Error(`a document to stamp has no ${UNSTAMPED}`);
  const stamp = Buffer.from(stampedMember(generatedAt));
  return Buffer.concat([bytes.subarray(0, at), stamp, bytes.subarray(at + UNSTAMPED.length)]);
}

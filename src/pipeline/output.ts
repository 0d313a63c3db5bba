/**
 * What rendering hands the writer: the documents of the site, each with its fingerprint
 * (equal fingerprints, equal bytes), and what writing them adds up to.
 */
import { createHash } from 'node:crypto';
import type { DocumentBody } from './assemble.js';

/** A text file of the built site. */
export interface OutputFile {
  /** Path relative to the site root, with `/`. */
  path: string;
  /** The text. When `timestamped`, its `generated_at` is `""`, stamped by the writer. */
  content: string;
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
  /** Size in bytes, with an empty `generated_at`. */
  size: number;
  /** Whether it holds an empty `generated_at` for the writer to stamp. */
  timestamped: boolean;
}

/** What was written. */
export interface WriteStats {
  files: number;
  bytes: number;
  /** Timestamped documents whose content changed since the previous build. */
  changed: number;
}

/** A text file as a document: its fingerprint is the SHA-1 of its text. */
export function textDocument(file: OutputFile): OutputDocument {
  const fingerprint = createHash('sha1').update(file.content).digest('base64url');
  return { path: file.path, body: { text: file.content }, fingerprint, size: Buffer.byteLength(file.content), timestamped: file.timestamped };
}

/** Files and bytes of the documents, without writing them (the size of what the writer writes). */
export function countDocuments(documents: Iterable<OutputDocument>, generatedAt: string): WriteStats {
  const stats: WriteStats = { files: 0, bytes: 0, changed: 0 };
  for (const document of documents) {
    stats.files++;
    stats.bytes += document.size + (document.timestamped ? Buffer.byteLength(generatedAt) : 0);
    if (document.timestamped) stats.changed++;
  }
  return stats;
}

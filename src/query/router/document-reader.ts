/**
 * Reading the documents of a built site for one answer, remembering the latest
 * `generated_at` among them: that is the `generated_at` of the answer
 * (docs/api.md#generated-at).
 */
import { parseDocument, SCHEMA_PATH, missingDocument } from '../formats/index.js';
import { parseSchemaDocument, type SiteDescription } from '../responses/index.js';
import { ReadTurns } from './read-turns.js';
import type { DocumentStore } from './store.js';

/** Reads documents from a store for one answer and keeps the latest `generated_at` seen. */
export class DocumentReader {
  /** The latest `generated_at` of the documents read so far (ISO 8601 strings compare in time order). */
  generatedAt = '';
  private description: Promise<SiteDescription> | undefined;
  private readonly turns: ReadTurns | undefined;
  // The search index entries this answer was read from, by path, with the revision each carried.
  private readonly revisions = new Map<string, string>();

  constructor(readonly store: DocumentStore) {
    this.turns = store.concurrency === undefined ? undefined : new ReadTurns(store.concurrency);
  }

  /** Notes the `generated_at` of a document that was read. */
  stamp(generatedAt: unknown): void {
    if (typeof generatedAt === 'string' && generatedAt > this.generatedAt) this.generatedAt = generatedAt;
  }

  /** Notes that the answer was read under the search index entry at `path`, of this `revision`. */
  readUnder(path: string, revision: string): void {
    this.revisions.set(path, revision);
  }

  /**
   * Whether an entry this answer was read under now carries another revision, or is gone: the
   * site was rebuilt while the answer was read, so a document found missing or naming what no
   * other holds met a document of the other build, and asking again answers from one build.
   */
  async changedSince(): Promise<boolean> {
    const now = await Promise.all(
      [...this.revisions].map(async ([path, revision]) => {
        const text = await this.store.read(path).catch(() => undefined);
        if (text === undefined) return true;
        try {
          return parseDocument<{ revision?: unknown }>(path, text).revision !== revision;
        } catch {
          return true;
        }
      }),
    );
    return now.some(Boolean);
  }

  /** The text of the document at `path`, which the site must have (read in turns when the store asks for it). */
  async required(path: string): Promise<string> {
    const text = await (this.turns === undefined ? this.store.read(path) : this.turns.run(() => this.store.read(path)));
    if (text === undefined) throw missingDocument(path);
    return text;
  }

  /** The site's description from its schema document (read once), whose `generated_at` counts. */
  site(): Promise<SiteDescription> {
    this.description ??= this.required(SCHEMA_PATH).then((text) => {
      const description = parseSchemaDocument(text);
      this.stamp(description.generatedAt);
      return description;
    });
    return this.description;
  }
}

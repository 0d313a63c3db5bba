/**
 * Reading the documents of a built site for one answer, remembering the latest
 * `generated_at` among them: that is the `generated_at` of the answer
 * (docs/api.md#generated-at).
 */
import {
  missingDocument,
  parseSnapshot,
  SCHEMA_PATH,
  SNAPSHOT_ROOT_PATH,
  snapshotPath,
  type Snapshot,
} from '../formats/index.js';
import { parseSchemaDocument, type SiteDescription } from '../responses/index.js';
import { ReadTurns } from './read-turns.js';
import type { DocumentStore } from './store.js';

/** Reads documents from a store for one answer and keeps the latest `generated_at` seen. */
export class DocumentReader {
  /** The latest `generated_at` of the documents read so far (ISO 8601 strings compare in time order). */
  generatedAt = '';
  private description: Promise<SiteDescription> | undefined;
  private readonly turns: ReadTurns | undefined;
  private readonly pace: (() => Promise<void>) | undefined;
  // The snapshot `snapshot=` named, and the snapshot the answer reads, once read.
  private pinned: string | undefined;
  private read: Promise<Snapshot> | undefined;

  constructor(readonly store: DocumentStore) {
    this.turns = store.concurrency === undefined ? undefined : new ReadTurns(store.concurrency);
    this.pace = store.answerPace?.();
  }

  /** The text of the document at `path`, or `undefined` when the site has none. */
  async find(path: string): Promise<string | undefined> {
    await this.pace?.();
    return this.store.read(path);
  }

  /** The bytes of the binary document at `path`, or `undefined` when the site has none (or the store reads no bytes). */
  async findBytes(path: string): Promise<Uint8Array | undefined> {
    await this.pace?.();
    return this.store.readBytes?.(path);
  }

  /** Notes the `generated_at` of a document that was read. */
  stamp(generatedAt: unknown): void {
    if (typeof generatedAt === 'string' && generatedAt > this.generatedAt) this.generatedAt = generatedAt;
  }

  /** Reads the snapshot `id` (a `snapshot=` parameter) rather than the current one. */
  pin(id: string): void {
    this.pinned = id;
  }

  /**
   * The snapshot the answer reads (docs/api.md#snapshots), read once: the root's, or the one
   * {@link pin}ned; a pinned snapshot the site no longer retains is an {@link ExpiredSnapshot}.
   */
  snapshot(): Promise<Snapshot> {
    this.read ??= (async () => {
      const path = this.pinned === undefined ? SNAPSHOT_ROOT_PATH : snapshotPath(this.pinned);
      const text = await this.find(path);
      if (text === undefined)
        throw this.pinned === undefined ? missingDocument(path) : new ExpiredSnapshot(this.pinned);
      return parseSnapshot(path, text);
    })();
    return this.read;
  }

  /**
   * Whether the snapshot this answer was read from is no longer the root's (or, pinned, no
   * longer retained): the site was rebuilt while the answer was read, so a document found
   * missing met the end of its retention, and asking again answers from one snapshot whole.
   */
  async changedSince(): Promise<boolean> {
    const before = await this.read?.catch(() => undefined);
    if (before === undefined) return false;
    const path = this.pinned === undefined ? SNAPSHOT_ROOT_PATH : snapshotPath(this.pinned);
    const text = await this.find(path).catch(() => undefined);
    if (text === undefined) return true;
    try {
      return parseSnapshot(path, text).id !== before.id;
    } catch {
      return true;
    }
  }

  /** The text of the document at `path`, which the site must have (read in turns when the store asks for it). */
  async required(path: string): Promise<string> {
    const text = await this.optional(path);
    if (text === undefined) throw missingDocument(path);
    return text;
  }

  /** The text of the document at `path`, or `undefined` when the site has none (read in turns when the store asks for it). */
  optional(path: string): Promise<string | undefined> {
    return this.turns === undefined ? this.find(path) : this.turns.run(() => this.find(path));
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

/** A `snapshot=` the site no longer retains: answered 410, saying how to go on. */
export class ExpiredSnapshot extends Error {
  override name = 'ExpiredSnapshot';

  constructor(readonly id: string) {
    super(`snapshot ${id} is no longer retained`);
  }
}

/**
 * Reading the documents of a built site for one answer, remembering the latest
 * `generated_at` among them: that is the `generated_at` of the answer.
 */
import { SCHEMA_PATH } from './paths.js';
import type { DocumentStore } from './store.js';
import type { Dictionary } from './types.js';

/** A document of the site is missing, unparseable or of an unknown format: the site is broken, not the request. */
export class SiteError extends Error {
  override name = 'SiteError';
}

/** What every answer takes from the schema document. */
export interface SiteInfo {
  baseUrl: string;
  dictionary: Dictionary;
}

/** Reads documents from a store for one answer and keeps the latest `generated_at` seen. */
export class SiteReader {
  /** The latest `generated_at` of the documents read so far (ISO 8601 strings compare in time order). */
  generatedAt = '';
  private siteInfo: Promise<SiteInfo> | undefined;

  constructor(readonly store: DocumentStore) {}

  /** Notes the `generated_at` of a document that was read. */
  stamp(generatedAt: unknown): void {
    if (typeof generatedAt === 'string' && generatedAt > this.generatedAt) this.generatedAt = generatedAt;
  }

  /** Parses the JSON document at `path`, or `undefined` when the site has none. */
  async json<T>(path: string): Promise<T | undefined> {
    const text = await this.store.read(path);
    return text === undefined ? undefined : parseDocument<T>(path, text);
  }

  /** Parses the JSON document at `path`, which the site must have. */
  async required<T>(path: string): Promise<T> {
    const document = await this.json<T>(path);
    if (document === undefined) throw missingDocument(path);
    return document;
  }

  /** Base URL and data dictionary from the schema document (read once), whose `generated_at` counts. */
  site(): Promise<SiteInfo> {
    this.siteInfo ??= this.readSite();
    return this.siteInfo;
  }

  private async readSite(): Promise<SiteInfo> {
    const meta = (await this.required<{ _meta?: Record<string, unknown> }>(SCHEMA_PATH))._meta ?? {};
    if (typeof meta.base_url !== 'string' || typeof meta.entities !== 'object' || meta.entities === null) {
      throw new SiteError(`${SCHEMA_PATH} has no _meta.base_url or _meta.entities; rebuild the site`);
    }
    this.stamp(meta.generated_at);
    return { baseUrl: meta.base_url, dictionary: meta.entities as Dictionary };
  }
}

/** The error for a document the site must have but does not. */
export function missingDocument(path: string): SiteError {
  return new SiteError(`${path} is missing; the site is incomplete, rebuild it`);
}

/** Parses a document of the site; a document that is not JSON is a {@link SiteError}. */
export function parseDocument<T>(path: string, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new SiteError(`${path} is not valid JSON; rebuild the site`);
  }
}

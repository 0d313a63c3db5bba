/** A {@link DocumentStore} over HTTP, for the client SDK and for workers reading their own assets. */
import { staticUrl } from '../formats/urls.js';
import type { DocumentStore } from './store.js';

/** The part of the Fetch API a fetch store uses; `globalThis.fetch` fits. */
export type FetchLike = (url: string) => Promise<{ status: number; ok: boolean; text(): Promise<string> }>;

/**
 * Reads the documents of the site at `baseUrl` with GET `${baseUrl}/${path}` (each
 * segment percent-encoded). A 404 is a missing document; any other failure throws, naming
 * the URL and why.
 */
export function fetchStore(baseUrl: string, fetch: FetchLike): DocumentStore {
  return {
    async read(path) {
      const url = staticUrl(baseUrl, path);
      const response = await fetch(url).catch((error: unknown) => {
        throw new Error(`GET ${url} failed: ${reasonOf(error)}`);
      });
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      return response.text();
    },
  };
}

// Node's fetch says only "fetch failed"; why (ECONNREFUSED, ENOTFOUND, a refused port) is its cause.
function reasonOf(error: unknown): string {
  const { message, cause } = error as { message?: string; cause?: { message?: string; code?: string } };
  return cause?.message || cause?.code || message || String(error);
}

/** A {@link DocumentStore} over HTTP, for the client SDK and for workers reading their own assets. */
import { staticUrl } from '../formats/index.js';
import type { DocumentStore } from './store.js';

/** The part of the Fetch API a fetch store uses; `globalThis.fetch` fits. */
export type FetchLike = (url: string) => Promise<{
  status: number;
  ok: boolean;
  /** Where the answer came from, after redirects; empty or absent when the fetch does not say. */
  url?: string;
  headers?: { get(name: string): string | null };
  text(): Promise<string>;
  arrayBuffer?(): Promise<ArrayBuffer>;
}>;

/**
 * Reads the documents of the site at `baseUrl` with GET `${baseUrl}/${path}` (each
 * segment percent-encoded). A 404 is a missing document; any other failure throws, naming
 * the URL and why.
 */
export function fetchStore(baseUrl: string, fetch: FetchLike): DocumentStore {
  const get = async (path: string) => {
    const url = staticUrl(baseUrl, path);
    const response = await fetch(url).catch((error: unknown) => {
      throw new Error(`GET ${url} failed: ${fetchFailureReason(error)}`);
    });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return response;
  };
  return {
    async read(path) {
      return (await get(path))?.text();
    },
    async readBytes(path) {
      const response = await get(path);
      if (response === undefined) return undefined;
      if (!response.arrayBuffer) throw new Error(`the fetch given cannot read bytes (no arrayBuffer) for ${path}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}

/** Why a fetch failed: Node's fetch says only "fetch failed", and why (ECONNREFUSED, ENOTFOUND, a reset) is its cause. */
export function fetchFailureReason(error: unknown): string {
  const { message, cause } = error as { message?: string; cause?: { message?: string; code?: string } };
  return cause?.message || cause?.code || message || String(error);
}

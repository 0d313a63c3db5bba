/** A store over a built site that keeps the texts it reads: what a router's answer costs in documents. */
import type { DocumentStore } from '../lib/query/router/index.js';
import { fileStore } from '../lib/serve/index.js';

/** A file store over `site` that pushes onto `texts` the text of every document it reads whose path `kept` takes. */
export function recordingStore(site: string, kept: (sitePath: string) => boolean, texts: string[]): DocumentStore {
  const files = fileStore(site);
  return {
    ...files,
    async read(sitePath) {
      const text = await files.read(sitePath);
      if (text !== undefined && kept(sitePath)) texts.push(text);
      return text;
    },
  };
}

/** A document of the site as the tools and resources read it: through the client, a 404 said in the caller's words. */
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError, type DatasetClient, type ErrorBody } from '../client/index.js';
import { boundedText } from './answers.js';

/** What a 404 is said to be: a message, or a function finding out which one. */
export type NotFound = string | (() => Promise<string>);

/** The text of the document at the static `path`, as the API serves it; a 404 throws `notFound`, another failure the API's error. */
export async function readDocument(client: DatasetClient, path: string, notFound: NotFound): Promise<string> {
  const answer = await client.request(`/${path}`);
  if (answer.status === 404) throw new Error(typeof notFound === 'string' ? notFound : await notFound());
  if (answer.status !== 200) throw new ApiError(answer.status, JSON.parse(answer.body) as ErrorBody);
  return answer.body;
}

/** The JSON document at the static `path` as the contents of the resource `uri`, bounded as a tool's answer is (answers.ts). */
export async function readJsonResource(
  client: DatasetClient,
  uri: URL,
  path: string,
  notFound: NotFound,
): Promise<ReadResourceResult> {
  const text = await readDocument(client, path, notFound);
  return {
    contents: [
      { uri: uri.href, mimeType: 'application/json', text: boundedText(text, () => `read ${uri.href} itself`) },
    ],
  };
}

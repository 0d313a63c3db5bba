/** A document of the site as the tools and resources read it: through the client, a 404 said in the caller's words. */
import { ApiError, type DatasetClient, type ErrorBody } from '../client/index.js';

/** The text of the document at the static `path`, as the API serves it; a 404 throws `notFound`, another failure the API's error. */
export async function readDocument(client: DatasetClient, path: string, notFound: string): Promise<string> {
  const answer = await client.request(`/${path}`);
  if (answer.status === 404) throw new Error(notFound);
  if (answer.status !== 200) throw new ApiError(answer.status, JSON.parse(answer.body) as ErrorBody);
  return answer.body;
}

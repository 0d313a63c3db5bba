/** Reading the documents of a built site: what is wrong with the site, never with the request. */

/** A document of the site is missing, unparseable or of an unknown format: the site is broken, not the request. */
export class SiteError extends Error {
  override name = 'SiteError';
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

/**
 * The text of an entity document, to be spliced into an answer unparsed: checked to be one
 * JSON object at its ends (a document cut short is a {@link SiteError}) and to be the entity
 * its path names, by its `_links.self` (`selfUrl`), which the build writes first in
 * `_links` and no string value can forge. Parsing each of a window's 1,500 entities to write
 * it again cost more than reading it.
 */
export function entityDocument(path: string, text: string, selfUrl: string): string {
  if (!text.startsWith('{') || !text.endsWith('}'))
    throw new SiteError(`${path} is not a JSON object; rebuild the site`);
  if (!text.includes(`"_links":{"self":${JSON.stringify(selfUrl)}`))
    throw new SiteError(
      `${path} is not the entity it names (its _links.self is not ${selfUrl}): the host answers this path with another document; check its rewrite or fallback rules, or rebuild the site`,
    );
  return text;
}

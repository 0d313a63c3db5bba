/** Every URL inside the site's documents must name a file of the site. */
import { trimSlash } from '../query/formats/index.js';

/** Reports `url`, found at `field` of `file`, when it names no file of the site. */
export type LinkCheck = (file: string, field: string, url: unknown) => void;

/** A {@link LinkCheck} against the site's `files`, handing each broken link to `report`. */
export function linkCheck(
  baseUrl: string,
  files: ReadonlySet<string>,
  report: (problem: { file: string; field: string; message: string }) => void,
): LinkCheck {
  return (file, field, url) => {
    const target = linkTarget(baseUrl, url);
    if (target === undefined || !files.has(target))
      report({ file, field, message: `link does not resolve to a file of the site: ${String(url)}` });
  };
}

/** The path of the site's document a URL names, or `undefined` when it names none. */
export function linkTarget(baseUrl: string, url: unknown): string | undefined {
  const base = `${trimSlash(baseUrl)}/`;
  return typeof url === 'string' && url.startsWith(base) ? safeDecode(url.slice(base.length)) : undefined;
}

/** Each URL of an entity's `_links`, with its field. */
export function entityLinks(links: unknown): [field: string, url: unknown][] {
  return Object.entries((links ?? {}) as Record<string, unknown>).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((url): [string, unknown] => [`_links.${name}`, url]),
  );
}

function safeDecode(urlPath: string): string | undefined {
  try {
    return urlPath.split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}

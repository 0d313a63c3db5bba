/**
 * The site-relative path a request path names, or `undefined` when it names none safely.
 * Each segment is percent-decoded once and must be a plain name: not empty (no `//`, no
 * trailing `/`), not `.`, `..` or hidden (a leading `.`, so `.dataset-site/` stays
 * private), with no `/`, `\`, NUL or other control character once decoded. So `..`,
 * `%2e%2e`, `%2f` and backslashes can never reach outside the site.
 */
export function sitePathOf(requestPath: string): string | undefined {
  if (!requestPath.startsWith('/')) return undefined;
  const segments: string[] = [];
  for (const raw of requestPath.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === '' || segment.startsWith('.') || /[\\/\p{Cc}]/u.test(segment)) return undefined;
    segments.push(segment);
  }
  return segments.join('/');
}

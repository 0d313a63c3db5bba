/**
 * Compressed answers of the preview server (docs/api.md#headers): the content coding a
 * client accepts, Brotli first, then gzip, for bodies large enough to gain from it. The
 * workers do not compress: Cloudflare's edge does, for the client, and a worker sees the
 * edge's `Accept-Encoding`, not the client's.
 */

/** Bodies shorter than this are sent as they are: compressing them saves nothing. */
export const COMPRESS_FROM_BYTES = 1024;

/** The coding to answer with for an `Accept-Encoding` header, or `undefined` for none. */
export function contentCoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (acceptEncoding === undefined) return undefined;
  const codings = new Map(
    acceptEncoding.split(',').map((part) => {
      const [name, ...parameters] = part.trim().toLowerCase().split(';');
      const q = parameters
        .map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return [name!, q === undefined ? 1 : Number(q)] as const;
    }),
  );
  return (['br', 'gzip'] as const).find((coding) => (codings.get(coding) ?? 0) > 0);
}

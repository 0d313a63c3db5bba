/**
 * Reading an HTTP answer's body up to a size limit, stopping there: a body over the limit
 * is never held whole, however much the server sends (remote sources, the MCP server's
 * reads of a site).
 */

/**
 * The bytes of `response`'s body, or `undefined` when there are more than `maxBytes`
 * (declared in `Content-Length` or read): the body is then cancelled, not read to its end.
 * A failure while reading (a reset, an aborted request) is thrown.
 */
export async function readBoundedBody(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body?.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

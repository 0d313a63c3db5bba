/** Raw HTTP for tests: any method and headers, the body as bytes, nothing decoded or decompressed. */
import http from 'node:http';

/** A raw answer: status, lower-case headers, the bytes as sent. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

/** Sends one request to `baseUrl` + `pathAndQuery` with node:http (the path exactly as given). */
export function rawRequest(
  baseUrl: string,
  pathAndQuery: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: hostname, port, path: pathAndQuery, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** The preview server over real HTTP: ETag and 304, CORS preflights, Brotli and gzip. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { serve, type PreviewServer } from '../../src/serve/serve.js';
import { expectCompression, expectEtags, expectPreflight } from '../contract/expect-http.js';
import { sampleSite } from '../helpers/site.js';

let server: PreviewServer;
beforeAll(async () => {
  server = await serve({ dir: sampleSite(), port: 0 });
});
afterAll(async () => {
  await server?.close();
});

describe('the preview server', () => {
  it('gives every 200 an ETag and answers a client holding it with 304', () => expectEtags(server.url));
  it('answers a CORS preflight with 204', () => expectPreflight(server.url));
  it('compresses with Brotli or gzip when asked', () => expectCompression(server.url));
});

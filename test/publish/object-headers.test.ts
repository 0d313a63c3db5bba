/** Each object's Content-Type and Cache-Control, decided by one function. */
import { describe, expect, it } from 'vitest';
import { objectHeaders } from '../../src/publish/object-headers.js';

const API = { contentType: 'application/json; charset=utf-8', cacheControl: 'public, max-age=300' };

describe('objectHeaders', () => {
  it('gives every file under api/public/ exactly the API headers, an immutable one kept for good', () => {
    for (const file of [
      'api/public/schema.json',
      'api/public/dataset/all/1.json',
      'api/public/exhibitors/X1.json',
      'api/public/snapshot.json',
      'api/public/regions/~/köln/providers/1.json',
    ]) {
      expect(objectHeaders(file), file).toEqual(API);
    }
    // Those named by their generation or snapshot are kept for good.
    for (const file of ['api/public/search/exhibitor@1b.json', 'api/public/snapshots/1b.json'])
      expect(objectHeaders(file), file).toEqual({ ...API, cacheControl: 'public, max-age=31536000, immutable' });
    // The API's JSON 404 for Pages, served with the `_headers` headers there.
    expect(objectHeaders('api/public/404.html')).toEqual(API);
  });

  it('types other files by their extension, with the same cache lifetime', () => {
    const types = {
      '_worker.js': 'text/javascript; charset=utf-8',
      '_routes.json': 'application/json; charset=utf-8',
      'nginx.conf': 'text/plain; charset=utf-8',
      _headers: 'text/plain; charset=utf-8',
      'robots.txt': 'text/plain; charset=utf-8',
      'index.html': 'text/html; charset=utf-8',
      'docs/logo.PNG': 'image/png',
      'data.bin': 'application/octet-stream',
    };
    for (const [file, contentType] of Object.entries(types))
      expect(objectHeaders(file), file).toEqual({ contentType, cacheControl: 'public, max-age=300' });
  });
});

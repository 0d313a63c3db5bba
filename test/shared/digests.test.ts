/** The digests other programs choose: S3's MD5 of an object and a dump part's SHA-256, checked against known values. */
import { describe, expect, it } from 'vitest';
import { dumpPartDigest, objectMd5 } from '../../src/shared/index.js';

describe('digests named by use', () => {
  it("an object's MD5 is S3's ETag of a single-part upload (hex) and its Content-MD5 (base64)", () => {
    expect(objectMd5(new Uint8Array())).toEqual({
      etag: 'd41d8cd98f00b204e9800998ecf8427e',
      contentMd5: '1B2M2Y8AsgTpgAmY7PhCfg==',
    });
    expect(objectMd5(Buffer.from('abc')).etag).toBe('900150983cd24fb0d6963f7d28e17f72');
  });

  it("a dump part's SHA-256 over its lines given one at a time equals the digest of its bytes at once", () => {
    const lines = ['{"id":"a"}', '{"id":"b"}'];
    const running = dumpPartDigest();
    for (const line of lines) running.update(line).update('\n');
    expect(running.digest('hex')).toBe(
      dumpPartDigest()
        .update(lines.join('\n') + '\n')
        .digest('hex'),
    );
    expect(dumpPartDigest().update('abc').digest('hex')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

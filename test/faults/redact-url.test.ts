/** redactUrl masks what a URL may hide a secret in, and nothing else of the text. */
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/shared/index.js';

describe('redactUrl', () => {
  it.each([
    ['http://user:pa55@host/a.json', 'http://***@host/a.json'],
    ['http://user:p@ss@host/a.json?x=1', 'http://***@host/a.json?x=***'],
    [
      'https://s3.example.com/b/k.json?X-Amz-Signature=S&X-Amz-Credential=C&flag',
      'https://s3.example.com/b/k.json?X-Amz-Signature=***&X-Amz-Credential=***&***',
    ],
    ['http://host/a.json?token=T#part', 'http://host/a.json?token=***#part'],
    ['http://host/a.json', 'http://host/a.json'],
  ])('masks %s as %s', (url, masked) => {
    expect(redactUrl(url)).toBe(masked);
  });

  it("masks every URL in a text and keeps the sentence's punctuation", () => {
    expect(
      redactUrl('cannot fetch the sources http://h/a.json?token=T: it lists http://u:p@h/b.json?sig=S, on http://h'),
    ).toBe('cannot fetch the sources http://h/a.json?token=***: it lists http://***@h/b.json?sig=***, on http://h');
    expect(redactUrl('"http://h/x?k=v" (see http://h/y?k=v).')).toBe('"http://h/x?k=***" (see http://h/y?k=***).');
  });
});

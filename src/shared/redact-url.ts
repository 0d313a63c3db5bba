/**
 * URLs as they may be printed: a URL of a source, a manifest entry, a redirect or an
 * endpoint may carry a token in its user name, password or query string (a presigned S3 URL
 * does), and a printed line ends up in CI logs that nothing masks.
 */

// A URL in a text: a scheme, `://`, and what follows up to a space or a quote, less the
// punctuation a sentence puts after it (`…json?token=x: the server answered`).
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]*[^\s"'<>`.,;:!?)\]]/gi;

/**
 * `text` with every URL in it masked: its user name and password replaced by `***`, and the
 * value of each query parameter (`?token=***&X-Amz-Signature=***`; a parameter without `=`
 * wholly). Paths, hosts and parameter names stay, so the URL is still known by them.
 *
 * ### Usage:
 * ```ts
 * redactUrl('cannot fetch http://user:pw@host/a.json?token=T: 404'); // 'cannot fetch http://***@host/a.json?token=***: 404'
 * ```
 */
export function redactUrl(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => {
    const masked = url.replace(/^([^:]+:\/\/)[^/?#]*@/, '$1***@');
    const query = masked.indexOf('?');
    if (query < 0) return masked;
    const hash = masked.indexOf('#', query);
    const end = hash < 0 ? masked.length : hash;
    const parameters = masked
      .slice(query + 1, end)
      .split('&')
      .map((parameter) =>
        parameter === '' ? '' : parameter.includes('=') ? `${parameter.slice(0, parameter.indexOf('='))}=***` : '***',
      );
    return `${masked.slice(0, query + 1)}${parameters.join('&')}${masked.slice(end)}`;
  });
}

/** A site's base URL as the command line takes it (`--base-url`), for the build and the MCP server alike. */
import { UserError } from './diagnostics.js';
import { redactUrl } from './redact-url.js';

/**
 * A site's base URL without trailing slashes, as given to `--base-url`; anything else is a
 * usage error (exit 2) saying what is accepted.
 */
export function resolveBaseUrl(given: string): string {
  const baseUrl = given.replace(/\/+$/, '');
  // A path is allowed (https://example.com/data): the site then lives under it. Its segments
  // are plain ASCII (letters, digits, `-._~`), so requests, nginx and links all spell it alike.
  if (!/^https?:\/\/[^/\s?#]+(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/.test(baseUrl)) {
    throw new UserError(
      `--base-url must be an absolute http(s) URL, such as https://data.example.com or https://example.com/data (path segments of letters, digits and -._~; no query or fragment); got ${JSON.stringify(redactUrl(given))}`,
      2,
    );
  }
  return baseUrl;
}

/**
 * Two `Content-Type` values alike as HTTP reads them (RFC 9110, section 8.3.1): the type and
 * subtype, and the parameters' names, case-insensitive; a value quoted or not; a `charset`
 * value case-insensitive (`charset=UTF-8` is `charset=utf-8`). Other values stay as they are.
 */

/** Whether `a` and `b` name the same media type with the same parameters, in the same order. */
export function sameMediaType(a: string, b: string): boolean {
  return canonical(a) === canonical(b);
}

function canonical(mediaType: string): string {
  const [essence = '', ...parameters] = mediaType.split(';');
  const canonicalParameters = parameters.map((parameter) => {
    const equals = parameter.indexOf('=');
    if (equals === -1) return parameter.trim().toLowerCase();
    const name = parameter.slice(0, equals).trim().toLowerCase();
    const raw = parameter.slice(equals + 1).trim();
    const value = /^".*"$/.test(raw) ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    return `${name}=${name === 'charset' ? value.toLowerCase() : value}`;
  });
  return [essence.trim().toLowerCase(), ...canonicalParameters].join(';');
}

/** A URL as it may be printed: a user name or password in it replaced by `***`, as in any text holding such a URL. */
export function redactUrl(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/gi, '$1***@');
}

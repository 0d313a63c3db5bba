/**
 * What a failed request to the store was, told apart by what a retry can do about it: a
 * timeout, a reset, an answer that is not HTTP, 500, 503 or `SlowDown` may pass on the next
 * attempt; a refusal (403, `NoSuchBucket`, bad credentials, any other 4xx) never does.
 */
import { UserError, redactUrl, isRetryableStatus } from '../shared/index.js';

/** An error of the SDK or of the network, as far as publish reads it. */
interface RequestError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

// The store's codes for "later": throttling and its own trouble, whatever the status says.
const RETRYABLE_CODES = new Set([
  'SlowDown',
  'RequestTimeout',
  'RequestTimeTooSkewed',
  'InternalError',
  'ServiceUnavailable',
  'TooManyRequests',
  'Throttling',
  'ThrottlingException',
  'TimeoutError',
  'AbortError',
]);
// Node's and undici's network failures: the connection, not the request, went wrong.
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

/** Whether another attempt of the request could succeed. */
export function isRetryable(error: unknown): boolean {
  const { name, code, message, $metadata } = (error ?? {}) as RequestError;
  const status = $metadata?.httpStatusCode;
  if (status === 412 || status === 409) return false;
  if (status !== undefined && isRetryableStatus(status)) return true;
  if (
    (name !== undefined && RETRYABLE_CODES.has(name)) ||
    (code !== undefined && (RETRYABLE_CODES.has(code) || NETWORK_CODES.has(code)))
  )
    return true;
  // An answer that is not HTTP (llhttp's HPE_* codes), or one the SDK could not parse (`Deserialization error`, no status).
  return (
    code?.startsWith('HPE_') === true ||
    /socket hang up|aborted|deserializ|Unexpected end|Invalid character/i.test(message ?? '')
  );
}

/** Whether the endpoint refused the connection or its host did not resolve: no store answered at all. */
export function isUnreachable(error: unknown): boolean {
  const { code } = (error ?? {}) as RequestError;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}

/** Whether the store answered `412 Precondition Failed` (a conditional write whose condition did not hold). */
export function isPreconditionFailed(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as RequestError;
  return $metadata?.httpStatusCode === 412 || name === 'PreconditionFailed';
}

/** Whether the store answered that the object is not there (and the bucket is). */
export function isNoSuchKey(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as RequestError;
  return name === 'NoSuchKey' || ($metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket');
}

/**
 * One line, exit 74: what was asked (`what` names the key and the endpoint), the store's
 * error code (or the network's) with its message, and `tries`, how long it was tried, when
 * it was tried more than once.
 */
export function requestFailure(error: unknown, what: string, tries = ''): UserError {
  const { name, code, $metadata } = (error ?? {}) as RequestError;
  let { message } = (error ?? {}) as RequestError;
  let label = code ?? name ?? 'Error';
  // The SDK's words for its first-byte and stall deadlines name its own options; ours are --timeout.
  const firstByte = /exceeded the configured (\d+) ms requestTimeout/.exec(message ?? '');
  if (firstByte !== null)
    [label, message] = ['TimeoutError', `no answer began within ${Number(firstByte[1]) / 1000} s (--timeout)`];
  const stalled = /timed out after (\d+) ms of inactivity/.exec(message ?? '');
  if (stalled !== null)
    [label, message] = ['TimeoutError', `no byte moved for ${Number(stalled[1]) / 1000} s (--timeout)`];
  const status = $metadata?.httpStatusCode === undefined ? '' : ` (HTTP ${$metadata.httpStatusCode})`;
  const text = message && message !== label ? `: ${message.split('\n')[0]}` : '';
  return new UserError(redactUrl(`${what}: ${tries}${label}${status}${text}`), 74);
}

/** Error bodies of the API (docs/api.md#errors): `{"error": {...}, "_meta": {...}}`. */
import { trimSlash, SCHEMA_VERSION } from '../formats/index.js';
import { type ResponseContext } from './dataset-response.js';

/** Error codes and their HTTP status. */
// `bad_request` (a request HTTP cannot parse), `snapshot_expired` (a `snapshot=` the site no longer retains) and
// `site_error` (a broken site or a failing store) are ours.
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_parameter: 400,
  not_found: 404,
  method_not_allowed: 405,
  snapshot_expired: 410,
  uri_too_long: 414,
  headers_too_large: 431,
  site_error: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The JSON body of an error response. */
export interface ErrorBody {
  error: { status: number; code: ErrorCode; message: string; parameter?: string };
  _meta: { schema_version: string; generated_at: string; base_url: string };
}

/** Builds an error body; `parameter` names the offending query parameter, if any. */
export function errorBody(
  code: ErrorCode,
  message: string,
  context: Pick<ResponseContext, 'baseUrl' | 'generatedAt'>,
  parameter?: string,
): ErrorBody {
  const error: ErrorBody['error'] = { status: ERROR_STATUS[code], code, message };
  if (parameter !== undefined) error.parameter = parameter;
  return {
    error,
    _meta: { schema_version: SCHEMA_VERSION, generated_at: context.generatedAt, base_url: trimSlash(context.baseUrl) },
  };
}

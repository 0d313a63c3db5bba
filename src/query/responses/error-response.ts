/** Error bodies of the API (docs/api.md#errors): `{"error": {...}, "_meta": {...}}`. */
import { trimSlash } from '../formats/urls.js';
import { SCHEMA_VERSION, type ResponseContext } from './dataset-response.js';

/** Error codes and their HTTP status. */
// `site_error` is ours: the contract names no 5xx code, and a broken site or failing store needs one.
export const ERROR_STATUS = { invalid_parameter: 400, not_found: 404, method_not_allowed: 405, site_error: 500 } as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The JSON body of an error response. */
export interface ErrorBody {
  error: { status: number; code: ErrorCode; message: string; parameter?: string };
  _meta: { schema_version: string; generated_at: string; base_url: string };
}

/** Builds an error body; `parameter` names the offending query parameter, if any. */
export function errorBody(code: ErrorCode, message: string, context: Pick<ResponseContext, 'baseUrl' | 'generatedAt'>, parameter?: string): ErrorBody {
  const error: ErrorBody['error'] = { status: ERROR_STATUS[code], code, message };
  if (parameter !== undefined) error.parameter = parameter;
  return { error, _meta: { schema_version: SCHEMA_VERSION, generated_at: context.generatedAt, base_url: trimSlash(context.baseUrl) } };
}

/**
 * Matching a URL to a path of an OpenAPI document, as a validating proxy does: each
 * template becomes a pattern, each path parameter (percent-decoded) and query parameter
 * must be one the operation declares and fit its schema.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  schema: Schema;
}

/** A URL matched to a path of the document. */
export interface PathMatch {
  template: string;
  /** The path parameters, percent-decoded. */
  params: Record<string, string>;
  query: Record<string, string>;
}

/** What went wrong, or the match. */
export type MatchResult = { ok: true; match: PathMatch } | { ok: false; why: string };

/**
 * A matcher of `pathAndQuery` (from the server's root) to the paths of `document` that
 * have an operation for `method`; concrete paths are tried before templated ones.
 */
export function openApiMatcher(
  document: { paths: Record<string, Record<string, unknown>> },
  method = 'get',
): (pathAndQuery: string) => MatchResult {
  const ajv = new Ajv2020({ strict: false });
  const check = (schema: Schema): ValidateFunction => ajv.compile(schema);
  const candidates = Object.entries(document.paths)
    .filter(([, item]) => item[method] !== undefined)
    .map(([template, item]) => {
      const parameters = (item.parameters ?? []) as (Parameter | { $ref: string })[];
      const own = parameters.filter((parameter): parameter is Parameter => 'name' in parameter);
      const names: string[] = [];
      const pattern = template
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'));
      const validators = new Map(
        own.map((parameter) => [`${parameter.in} ${parameter.name}`, check(parameter.schema)]),
      );
      return {
        template,
        regex: new RegExp(`^${pattern}$`),
        names,
        validators,
        query: new Set(own.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)),
      };
    })
    .sort((a, b) => a.names.length - b.names.length);

  const fits = (validate: ValidateFunction | undefined, raw: string) =>
    validate !== undefined && (validate(raw) || (/^\d+$/.test(raw) && validate(Number(raw))));

  return (pathAndQuery) => {
    const [path, search = ''] = pathAndQuery.split(/\?(.*)/s) as [string, string?];
    let why = `no path of the document matches ${path}`;
    for (const candidate of candidates) {
      const found = candidate.regex.exec(path);
      if (found === null) continue;
      const params: Record<string, string> = {};
      let fitting = true;
      for (const [i, name] of candidate.names.entries()) {
        let value: string;
        try {
          value = decodeURIComponent(found[i + 1]!);
        } catch {
          fitting = false;
          break;
        }
        params[name] = value;
        if (!fits(candidate.validators.get(`path ${name}`), value)) {
          why = `${path} matches ${candidate.template}, but ${name}=${JSON.stringify(value)} does not fit its schema`;
          fitting = false;
          break;
        }
      }
      if (!fitting) continue;
      const query: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(search)) {
        if (!candidate.query.has(name))
          return { ok: false, why: `${pathAndQuery}: ${candidate.template} has no query parameter ${name}` };
        if (!fits(candidate.validators.get(`query ${name}`), value))
          return { ok: false, why: `${pathAndQuery}: ${name}=${JSON.stringify(value)} does not fit its schema` };
        query[name] = value;
      }
      return { ok: true, match: { template: candidate.template, params, query } };
    }
    return { ok: false, why };
  };
}

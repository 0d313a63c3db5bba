/**
 * The OpenAPI document is the whole truth about a built site: every document the site
 * serves and every URL inside one (`_links`, `_meta.next`/`prev`, the facets' `listing`
 * and `query`, the dumps' parts, the change sets, llms.txt's links, the browse page's) is
 * matched to a path of the document, its parameters fitting their schemas, every JSON
 * document fits the schema of its path's 200, and every path of the document is met.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOST_FILES } from '../../src/hosts/index.js';
import { isImmutablePath, OPENAPI_PATH, ROOT_FILES, SNAPSHOT_ROOT_PATH } from '../../src/query/formats/index.js';
import { parseSchemaDocument } from '../../src/query/responses/index.js';
import { openApiMatcher, type MatchResult } from '../helpers/openapi-paths.js';
import { sampleSite } from '../helpers/site.js';

type OpenApi = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>
  >;
};

// What the router serves beyond the files: the browse page at the root, and the schema's query form.
const SERVED_BEYOND_FILES = ['/', '/api/public/schema'];
// The host files no host serves (configuration, the workers, Pages' page for misses); the root files are served.
const UNSERVED = new Set<string>(HOST_FILES.filter((file) => ROOT_FILES[file] === undefined));

let document: OpenApi;
let baseUrl: string;
let files: string[];

beforeAll(async () => {
  document = JSON.parse(await readFile(path.join(sampleSite(), OPENAPI_PATH), 'utf8'));
  baseUrl = parseSchemaDocument(await readFile(path.join(sampleSite(), 'api/public/schema.json'), 'utf8')).baseUrl;
  // The search index and the snapshots are internal, immutable and named by generation (docs/api.md#snapshots): the
  // router and the SDK read them, OpenAPI describes the API they answer.
  files = (await fg('**/*', { cwd: sampleSite(), onlyFiles: true }))
    .filter((file) => !UNSERVED.has(file) && !isInternal(file))
    .sort();
});

describe('every document of a built site and every URL in one', () => {
  it('matches a path of the OpenAPI document, and every path is met', async () => {
    const match = openApiMatcher(document);
    // A link may name a path answered to POST only: the MCP endpoint, which the schema and llms.txt link.
    const matchPost = openApiMatcher(document, 'post');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(document, 'openapi');
    const validators = new Map<string, ValidateFunction>();
    const validatorOf = (template: string) => {
      if (!validators.has(template)) {
        const schema = document.paths[template]!.get!.responses['200']!.content?.['application/json']?.schema;
        validators.set(
          template,
          typeof schema?.$ref === 'string' ? ajv.getSchema(`openapi${schema.$ref}`)! : ajv.compile(schema ?? {}),
        );
      }
      return validators.get(template)!;
    };
    const met = new Set<string>();
    const problems: string[] = [];
    const urls = new Set<string>();
    let occurrences = 0;
    const note = (result: MatchResult, where: string) => {
      if (result.ok) met.add(result.match.template);
      else problems.push(`${where}: ${result.why}`);
    };
    const collect = (value: unknown): void => {
      if (typeof value === 'string') {
        // `_meta.base_url` is the site's root, the browse page.
        if (value.startsWith(`${baseUrl}/`) || value === baseUrl) {
          occurrences++;
          urls.add(value.slice(baseUrl.length) || '/');
        } else expect(value.startsWith('http://localhost'), value).toBe(false);
      } else if (Array.isArray(value)) value.forEach(collect);
      else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
    };

    for (const file of files) {
      const result = match(`/${file.split('/').map(encodeURIComponent).join('/')}`);
      note(result, file);
      if (file.endsWith('.gz')) continue; // the bytes of the .ndjson beside it
      const text = await readFile(path.join(sampleSite(), file), 'utf8');
      if (file.endsWith('.json')) {
        const json: unknown = JSON.parse(text);
        if (result.ok && file !== OPENAPI_PATH) {
          const validate = validatorOf(result.match.template);
          if (!validate(json))
            problems.push(
              `${file} does not fit the 200 of ${result.match.template}: ${ajv.errorsText(validate.errors)}`,
            );
        }
        collect(json);
      } else if (file.endsWith('.ndjson')) {
        for (const line of text.split('\n').filter(Boolean)) collect(JSON.parse(line));
      } else if (file.endsWith('.txt')) {
        collect([...text.matchAll(/\]\((http[^)]+)\)/g)].map(([, url]) => url));
      } else if (file.endsWith('.html')) {
        collect([...text.matchAll(/(?:href|src)="([^"]+)"/g)].map(([, link]) => new URL(link!, `${baseUrl}/`).href));
      }
    }
    for (const url of SERVED_BEYOND_FILES) note(match(url), url);
    for (const url of urls) {
      const result = match(url);
      note(result.ok ? result : matchPost(url), `a link to ${url}`);
    }

    expect(problems.slice(0, 20)).toEqual([]);
    // Every path of the document is served or linked.
    expect(Object.keys(document.paths).filter((template) => !met.has(template))).toEqual([]);
    // The walk covers the sample whole: its thousands of documents, and the 970 URLs they name (an industry's
    // listings go by one of its names since format version 4 of the schema document, where both had pages).
    expect(files.length).toBeGreaterThan(7500);
    expect(urls.size).toBeGreaterThan(900);
    console.info(
      `openapi walk: ${files.length} documents, ${occurrences} URLs (${urls.size} distinct), ${met.size} of ${Object.keys(document.paths).length} paths met`,
    );
  }, 300_000);
});

function isInternal(file: string): boolean {
  return file === SNAPSHOT_ROOT_PATH || isImmutablePath(file);
}

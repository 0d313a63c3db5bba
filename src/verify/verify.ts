/**
 * verify(): checks a built site against the contract. Every listing and relation page
 * must equal the reference answer computed from the entity documents on disk, every
 * link must resolve, every entity must match its schema and sit at its own path, and
 * every expected document must exist.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { Diagnostic } from '../diagnostics.js';
import { HOST_FILES } from '../hosts/host-files.js';
import { isStampedFrom } from '../query/formats/generated-at.js';
import { LLMS_TXT_PATH, llmsTxt } from '../query/formats/llms-txt.js';
import { parameterExamples } from '../query/formats/parameter-examples.js';
import { SCHEMA_PATH, entityPath, listingPath, parseListingPath, relationPath, type Relation } from '../query/formats/paths.js';
import { API_ROOT } from '../query/formats/urls.js';
import { answerListingPage, answerRelationPage } from '../query/responses/reference.js';
import { KINDS } from '../query/semantics/kinds.js';
import { buildDictionary } from '../schema/dictionary.js';
import { OUTPUT_SCHEMAS } from '../schema/entities.js';
import { entitySchemaDocument, entitySchemaPath, openApiDocument } from '../schema/openapi.js';
import { OPENAPI_PATH } from '../query/formats/paths.js';
import { readJson, readSite, type SiteOnDisk } from '../site/read-site.js';
import { checkChangesFeed } from './changes-feed.js';
import { expectedListings } from './expected-listings.js';
import { checkFacets } from './facets.js';
import { checkLinks } from './links.js';
import { checkSearchIndexes } from './search-indexes.js';

/** Options of {@link verifySite}. */
export interface VerifyOptions {
  /** Folder of the built site. @default 'dist' */
  dir?: string;
  /** Progress messages. @default none */
  onProgress?: (message: string) => void;
}

/** What verify found. */
export interface VerifyResult {
  problems: Diagnostic[];
  documents: number;
}

/** Checks the site in `dir`; an empty `problems` list means it keeps the contract. */
export async function verifySite(options: VerifyOptions = {}): Promise<VerifyResult> {
  const dir = options.dir ?? 'dist';
  const progress = options.onProgress ?? (() => {});
  const site = await readSite(dir);
  const problems: Diagnostic[] = [];
  const files = new Set((await fg('**/*.json', { cwd: site.dir, dot: false })).sort());
  const problem = (file: string, message: string, field?: string) => problems.push({ code: 'invalid_site', severity: 'error', file: path.join(dir, file), field, message });

  if (JSON.stringify(site.dictionary) !== JSON.stringify(buildDictionary())) problem(SCHEMA_PATH, 'the data dictionary differs from the one this dataset-site generates', '_meta.entities');
  checkEntities(site, problem);
  progress('entities checked');

  const expected = new Set<string>([SCHEMA_PATH, ...KINDS.flatMap((kind) => [...site.entityFiles[kind].keys()])]);
  const compare = async (file: string, reference: unknown) => {
    expected.add(file);
    if (!files.has(file)) return problem(file, 'missing: the reference says this page exists');
    if (!isStampedFrom(JSON.stringify(await readJson(site.dir, file)), JSON.stringify(reference))) problem(file, 'differs from the reference answer for its query');
  };
  const context = { baseUrl: site.baseUrl, generatedAt: '', dictionary: site.dictionary };

  for (const { type, filters } of expectedListings(site.dataset)) {
    for (let page = 1; ; page++) {
      const reference = answerListingPage(site.dataset, type, filters, page, context);
      await compare(listingPath(type, filters, page), reference);
      if (reference._meta.next === null) break;
    }
  }
  progress('listings checked');
  for (const exhibition of site.dataset.entities.exhibition) {
    for (const relation of ['exhibitors', 'providers'] as const satisfies Relation[]) {
      for (let page = 1; ; page++) {
        const file = relationPath(exhibition, relation, page);
        if (expected.has(file)) break; // the providers of a place, already checked for another exhibition there
        const reference = answerRelationPage(site.dataset, exhibition, relation, page, context);
        await compare(file, reference);
        if (reference._meta.next === null) break;
      }
    }
  }
  progress('relation listings checked');

  for (const file of files) {
    if (expected.has(file) || file.startsWith(`${API_ROOT}/search/`) || file.startsWith(`${API_ROOT}/changes/`) || file.startsWith(`${API_ROOT}/facets/`) || file.startsWith(`${API_ROOT}/schemas/`) || file.startsWith(`${API_ROOT}/dumps/`) || file === OPENAPI_PATH || (HOST_FILES as readonly string[]).includes(file)) continue;
    const listing = parseListingPath(file);
    problem(file, listing ? 'a listing page the reference does not have (no entity matches it)' : 'unexpected file');
  }
  problems.push(...(await checkSearchIndexes(site, dir)));
  problems.push(...(await checkChangesFeed(site.dir, files, dir)));
  problems.push(...(await checkFacets(site, files, dir)));
  const generated: [file: string, text: string][] = [
    [LLMS_TXT_PATH, llmsTxt(site.dataset, site.baseUrl)],
    [OPENAPI_PATH, JSON.stringify(openApiDocument(site.baseUrl, parameterExamples(site.dataset, site.baseUrl)))],
    ...KINDS.map((kind): [string, string] => [entitySchemaPath(kind), JSON.stringify(entitySchemaDocument(kind))]),
  ];
  for (const [file, text] of generated) {
    const written = await readFile(path.join(site.dir, file), 'utf8').catch(() => undefined);
    if (written !== text) problem(file, written === undefined ? 'this document is missing' : 'this document differs from the one this dataset-site makes');
  }
  problems.push(...(await checkLinks(site, files, dir)));
  return { problems, documents: files.size };
}

function checkEntities(site: SiteOnDisk, problem: (file: string, message: string, field?: string) => void): void {
  for (const kind of KINDS) {
    for (const [file, entity] of site.entityFiles[kind]) {
      const parsed = OUTPUT_SCHEMAS[kind].safeParse(entity);
      if (!parsed.success) for (const issue of parsed.error.issues) problem(file, issue.message, issue.path.join('.'));
      else if (entityPath(kind, entity.id) !== file) problem(file, `entity ${entity.id} belongs at ${entityPath(kind, entity.id)}`, 'id');
    }
  }
}

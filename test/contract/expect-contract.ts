/** Assertions shared by the host tests: agreement with the oracle and the reference, the static documents, the API headers (docs/api.md#headers). */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import {
  documentHeaders,
  entityPath,
  listingPath,
  parseSnapshot,
  snapshotPath,
  versionedPath,
  API_HEADERS,
  SNAPSHOT_ROOT_PATH,
} from '../../src/query/formats/index.js';
import { searchIndexPath } from '../../src/query/search/index.js';
import { sampleSite } from '../helpers/site.js';
import { datasetUrl, type ContractCase, type Body } from './cases.js';
import type { Answer, Expected, Target } from './targets.js';

/**
 * The body without any `generated_at`, which differs between targets by design, and with `next` and `prev` naming no
 * snapshot: a reader of a built site names the one it read (docs/api.md#snapshots), which the oracle does not know.
 */
export function comparable(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body), (key, value) =>
    key === 'generated_at'
      ? undefined
      : (key === 'next' || key === 'prev') && typeof value === 'string'
        ? value.replace(/&snapshot=[0-9a-z]+$/, '')
        : value,
  );
}

/**
 * Asserts that `target` answers a contract case with its status and the expected body: a
 * 200 equal to the oracle's, a refusal naming the oracle's parameter with the reference's
 * message. Gives the answer.
 */
export async function expectContractAnswer(
  target: Target,
  expected: Expected,
  contractCase: ContractCase,
): Promise<Answer> {
  const answer = await target.request(contractCase.url);
  expect(answer.status).toBe(contractCase.status);
  contractCase.check?.(answer.body as Body);
  await expectAnswer(answer, contractCase.url, target, expected);
  return answer;
}

/** Asserts that an answer of `target` to `url` (status and body) is the expected one. */
export async function expectAnswer(answer: Answer, url: string, target: Target, expected: Expected): Promise<void> {
  const want = await expected.oracle.request(url);
  expect(answer.status).toBe(want.status);
  if (want.status === 200) {
    expect(comparable(answer.body)).toEqual(comparable(want.body));
    return;
  }
  expect(answer.body).toMatchObject(want.body as object);
  if (target !== expected.reference)
    expect(comparable(answer.body)).toEqual(comparable((await expected.reference.request(url)).body));
}

/** Asserts that `target` answers the window `[offset, offset + limit)` of each type as the oracle does, unfiltered. */
export async function expectWindows(
  target: Target,
  expected: Expected,
  types: readonly string[],
  windows: readonly (readonly [offset: number, limit: number])[],
): Promise<void> {
  for (const type of types)
    for (const [offset, limit] of windows) {
      const url = datasetUrl(['type', type], ['limit', String(limit)], ['offset', String(offset)]);
      await expectAnswer(await target.request(url), url, target, expected);
    }
}

/** Asserts that an answer carries every API header (docs/api.md#headers), with `headers` in their place (a CSV's `Content-Type`, an immutable document's `Cache-Control`). */
export function expectApiHeaders(answer: Answer, headers: Readonly<Record<string, string>> = {}): void {
  for (const [header, value] of Object.entries({ ...API_HEADERS, ...headers }))
    expect(answer.headers[header.toLowerCase()], header).toBe(value);
}

/**
 * Asserts that an answer of a host to `url` carries the API headers with the `Content-Type` the oracle gives (JSON or
 * CSV) and, for a 200, its `Link` header (the adjacent windows, without the snapshot a built site names).
 */
export async function expectAnswerHeaders(answer: Answer, url: string, expected: Expected): Promise<void> {
  const want = await expected.oracle.request(url);
  const contentType = want.status === 200 ? want.headers['content-type'] : undefined;
  expectApiHeaders(answer, contentType === undefined ? {} : { 'Content-Type': contentType });
  if (want.status === 200 && url.startsWith('/api/public/dataset'))
    expect(answer.headers.link?.replace(/&snapshot=[0-9a-z]+>/g, '>'), 'Link').toBe(want.headers.link);
}

/** Asserts a JSON error body of the contract's shape with this status and code. */
export function expectError(answer: Answer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({
    error: { status, code },
    _meta: { schema_version: '1.0', generated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) },
  });
  expectApiHeaders(answer);
}

// The sample site's root, which names its immutable documents.
const sampleRoot = parseSnapshot(SNAPSHOT_ROOT_PATH, readFileSync(path.join(sampleSite(), SNAPSHOT_ROOT_PATH), 'utf8'));

/** One static document of the sample site from each kind of folder: `[name, URL path]`. */
export const STATIC_DOCUMENTS: readonly (readonly [string, string])[] = [
  ['a listing page', `/${listingPath('exhibition', { city: 'Köln' }, 1).split('/').map(encodeURIComponent).join('/')}`],
  ['an entity document', `/${entityPath('exhibitor', 'EXR-000145')}`],
  ['the snapshot root', `/${SNAPSHOT_ROOT_PATH}`],
  ['a snapshot (immutable)', `/${snapshotPath(sampleRoot.id)}`],
  [
    'a search index entry (immutable)',
    `/${versionedPath(searchIndexPath('exhibitor', 'q'), sampleRoot.search.exhibitor.q)}`,
  ],
];

/** Asserts that `target` serves the document at `url` exactly as built in `dir`, with the API headers (an immutable one's, kept for good). */
export async function expectStaticDocument(target: Target, dir: string, url: string): Promise<void> {
  const answer = await target.request(url);
  expect(answer.status).toBe(200);
  expectApiHeaders(answer, documentHeaders(decodeURIComponent(url).slice(1)));
  expect(answer.body).toEqual(JSON.parse(await readFile(path.join(dir, decodeURIComponent(url)), 'utf8')));
}

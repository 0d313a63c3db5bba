/** What a user gives a build ({@link BuildOptions}) and the filled-in form ({@link ResolvedConfig}). */
import path from 'node:path';
import { UserError, redactUrl, resolveBaseUrl } from './shared/index.js';
import { parseOrigin } from './net/index.js';
import { MAX_SOURCE_FILE_BYTES, isRemote, type FetchPolicy } from './pipeline/sources/index.js';
import type { BuildProgress } from './pipeline/index.js';

/** Options of {@link build}. */
export interface BuildOptions {
  /** Folder of source records, read recursively, or one file; or the http(s) URL of one source document or of a manifest listing several. @default 'sources' */
  sources?: string;
  /** How remote sources are fetched; `allowOrigins` (`--allow-origin`) names the origins besides that of `sources` that redirects and manifest entries may lead to. @default 30 s timeout, 500 MiB, 3 retries from 1 s, no other origin */
  fetch?: Partial<FetchPolicy>;
  /** Folder of the built site; replaced as a whole. @default 'dist' */
  out?: string;
  /** Absolute base URL the site is served under; every link starts with it. @default 'http://localhost:8080' */
  baseUrl?: string;
  /** Build without invalid records instead of failing (each is still reported). @default false */
  skipInvalid?: boolean;
  /** Largest share (0 to 1) of a kind's entities the sources may lose against the site they replace before the build fails. @default 0.1 */
  maxShrink?: number;
  /** Build even when the sources shrank by more than `maxShrink`. @default false */
  allowShrink?: boolean;
  /** Days the changes feed keeps a build's change set (the latest is always kept). @default 7 */
  changesWindowDays?: number;
  /**
   * Minutes a snapshot stays readable after the next build replaced it (docs/api.md#snapshots): its
   * immutable documents are deleted only once no snapshot retained that long names them. @default 60
   */
  retentionMinutes?: number;
  /**
   * How many static pages of each dataset listing the site holds (docs/operations.md#page-depth):
   * a number, `'all'`, or `'auto'`, every page on a site of at most {@link AUTO_ALL_PAGES_UP_TO}
   * entities and {@link AUTO_PAGE_DEPTH} above. A listing with more pages keeps the rest in
   * leaves, which the query form and the client SDK read; with a depth, a listing of `all`
   * holds its unfiltered pages only. @default 'auto'
   */
  pageDepth?: PageDepthSetting;
  /** The build time: `generated_at` of changed documents and the date statuses are derived against. @default new Date() */
  now?: Date;
  /** Write the site; `false` runs every stage but the write. @default true */
  write?: boolean;
  /**
   * Into a folder holding the previous build's state but not its site (as a workflow
   * restores it), write only the entity documents and listing pages that changed, with
   * the rest of the site: a partial site, for `publish` to bring the bucket holding the
   * previous build up to date (site/partial-site.ts). @default false: the whole site
   */
  partial?: boolean;
  /** Folder that relative paths and the file names in diagnostics are taken from. @default process.cwd() */
  root?: string;
  /** Each stage as it starts, how far the long ones are, and notes. @default none */
  onProgress?: (progress: BuildProgress) => void;
}

/** How many static pages of each dataset listing a site holds: a number of pages, every page, or by the site's size. */
export type PageDepthSetting = number | 'all' | 'auto';

/** Under `--page-depth auto`, a site of at most this many entities holds every page: a move rewrites at most a few hundred pages. */
export const AUTO_ALL_PAGES_UP_TO = 10_000;
/**
 * Under `--page-depth auto`, the pages a larger site holds of each listing: a move to the top
 * rewrites the first page of each listing it is in, not every page after its place (at L, a
 * second page a listing was 2.7 MB more of the 10 MB a change may write).
 */
export const AUTO_PAGE_DEPTH = 1;

/** `--page-depth` as given on the command line: a whole number from 1, `all` or `auto`; anything else is a usage error naming it. */
export function parsePageDepth(text: string): PageDepthSetting {
  if (text === 'all' || text === 'auto') return text;
  if (!/^\s*[1-9]\d*\s*$/.test(text)) throw pageDepthError(JSON.stringify(text));
  return Number(text);
}

function pageDepthError(given: string): UserError {
  return new UserError(`--page-depth must be a whole number of pages from 1, all or auto; got ${given}`, 2);
}

/** The pages of each listing a site of `entities` holds under this setting; `undefined`: every page. */
export function pageDepthOf(setting: PageDepthSetting, entities: number): number | undefined {
  if (setting === 'all') return undefined;
  if (setting === 'auto') return entities <= AUTO_ALL_PAGES_UP_TO ? undefined : AUTO_PAGE_DEPTH;
  return setting;
}

/** Build options with every default filled in and paths made absolute. */
export interface ResolvedConfig {
  root: string;
  sourcesDir: string;
  /** The URL of remote sources, when `sources` is one (then `sourcesDir` is unused). */
  sourcesUrl: string | undefined;
  fetch: FetchPolicy;
  outDir: string;
  baseUrl: string;
  skipInvalid: boolean;
  maxShrink: number;
  allowShrink: boolean;
  changesWindowDays: number;
  retentionMs: number;
  pageDepth: PageDepthSetting;
  now: Date;
  write: boolean;
  partial: boolean;
  onProgress: (progress: BuildProgress) => void;
}

/** Fills in defaults and checks the options; bad options are a usage error (exit 2). */
export function resolveConfig(options: BuildOptions = {}): ResolvedConfig {
  const root = path.resolve(options.root ?? process.cwd());
  const baseUrl = resolveBaseUrl(options.baseUrl ?? 'http://localhost:8080');
  if (options.sources !== undefined && isRemote(options.sources) && !URL.canParse(options.sources))
    throw new UserError(`--sources ${JSON.stringify(redactUrl(options.sources))} is not a valid URL`, 2);
  const timeout = options.fetch?.timeoutMs;
  if (timeout !== undefined && !(timeout > 0))
    throw new UserError(`--fetch-timeout must be a positive number of seconds; got ${timeout / 1000}`, 2);
  const retries = options.fetch?.retries;
  if (retries !== undefined && !(Number.isInteger(retries) && retries >= 0 && retries <= 10))
    throw new UserError(`--fetch-retries must be a whole number from 0 to 10; got ${retries}`, 2);
  const maxShrink = options.maxShrink ?? 0.1;
  if (!(maxShrink >= 0 && maxShrink <= 1))
    throw new UserError(`--max-shrink must be a share from 0 to 1 (or 0% to 100%); got ${options.maxShrink}`, 2);
  const changesWindowDays = options.changesWindowDays ?? 7;
  if (!(changesWindowDays >= 0 && changesWindowDays <= 3660))
    throw new UserError(
      `--changes-window must be a number of days from 0 to 3660; got ${options.changesWindowDays}`,
      2,
    );
  const retentionMinutes = options.retentionMinutes ?? 60;
  if (!(retentionMinutes >= 0 && retentionMinutes <= 10080))
    throw new UserError(
      `--retention must be a number of minutes from 0 to 10080 (a week); got ${options.retentionMinutes}`,
      2,
    );
  const pageDepth = options.pageDepth ?? 'auto';
  if (pageDepth !== 'all' && pageDepth !== 'auto' && !(Number.isInteger(pageDepth) && pageDepth >= 1))
    throw pageDepthError(String(pageDepth));
  const now = options.now ?? new Date();
  if (Number.isNaN(now.getTime())) throw new UserError('the build time is not a valid date', 2);
  return {
    root,
    sourcesDir: path.resolve(root, options.sources ?? 'sources'),
    sourcesUrl: options.sources !== undefined && isRemote(options.sources) ? options.sources : undefined,
    fetch: {
      timeoutMs: 30_000,
      maxBytes: MAX_SOURCE_FILE_BYTES,
      retries: 3,
      retryDelayMs: 1000,
      ...options.fetch,
      allowOrigins: (options.fetch?.allowOrigins ?? []).map((origin) => parseOrigin(origin, '--allow-origin')),
    },
    outDir: path.resolve(root, options.out ?? 'dist'),
    baseUrl,
    skipInvalid: options.skipInvalid ?? false,
    maxShrink,
    allowShrink: options.allowShrink ?? false,
    changesWindowDays,
    retentionMs: retentionMinutes * 60_000,
    pageDepth,
    now,
    write: options.write ?? true,
    partial: options.partial ?? false,
    onProgress: options.onProgress ?? (() => {}),
  };
}

/**
 * Publish's check that the deployed Worker over R2 can read the site: the Worker's record
 * in the bucket (edge/worker-record.ts) names the site formats it reads, the build's
 * (site/site-format-file.ts) the format of the site. A site of another format is refused
 * before anything is sent, naming both, since that Worker would answer every query of it
 * with a 500 `site_error`.
 */
import { UserError } from '../shared/index.js';
import { parseWorkerRecord } from '../edge/index.js';
import { readSiteFormat } from '../site/index.js';
import type { Bucket } from './bucket.js';
import { WORKER_RECORD_PATH, SITE_FORMAT_PATH } from '../query/formats/index.js';

/**
 * Checks the site in `dir` against the Worker recorded in `bucket` and says what it found,
 * in a line for the operator; throws a {@link UserError} (exit 1) when that Worker cannot
 * read the site, or may not: the site's format file is missing or damaged, whether a Worker
 * has recorded itself or not (one deployed may not have answered a request yet). It reads,
 * never writes: publish runs it before it takes the lease, so a refused publish sends nothing.
 */
export async function checkWorkerFormat(bucket: Bucket, dir: string): Promise<string> {
  const site = await readSiteFormat(dir);
  const text = await bucket.read(WORKER_RECORD_PATH);
  if (text === undefined && site === undefined)
    throw new UserError(
      `${SITE_FORMAT_PATH} in ${dir} is missing, so the site's format is unknown and a Worker deployed over ${bucket.where} ` +
        'could not be checked against it (none has recorded itself yet): build the site again with this dataset-site (the build writes the file), ' +
        'or publish with --no-worker-check when no Worker serves this bucket',
      1,
    );
  if (text === undefined)
    return 'no Worker has recorded itself in the bucket (none is deployed over it, or none has answered a request since its deploy): its format was not checked';
  const worker = parseWorkerRecord(text);
  if (worker === undefined)
    throw new UserError(
      `${WORKER_RECORD_PATH} in ${bucket.where} is not a Worker's record; delete it, then request the site once to have the Worker write it again`,
      1,
    );
  // Closed when the site cannot say its format: a Worker of another format would answer every query with a 500.
  if (site === undefined)
    throw new UserError(
      `${SITE_FORMAT_PATH} in ${dir} is missing, so the site's format cannot be checked against the Worker deployed over ${bucket.where} ` +
        `(dataset-site ${worker.version}, reading the site format ${worker.formats.join(', ')}): build the site again with this dataset-site (the build writes the file), ` +
        'or publish with --no-worker-check when no Worker serves this bucket',
      1,
    );
  if (worker.formats.includes(site.format))
    return `the Worker deployed over the bucket (dataset-site ${worker.version}) reads this site's format ${site.format}`;
  throw new UserError(
    `the Worker deployed over ${bucket.where} (dataset-site ${worker.version}) reads the site format ${worker.formats.join(', ')}, ` +
      `but this site (built by dataset-site ${site.version}) is of format ${site.format}: it would answer every query with a 500. ` +
      'Deploy the Worker of this dataset-site first (npx wrangler deploy --config deploy/wrangler.toml; docs/deploy.md), request the site once, then publish again; ' +
      'or publish with --no-worker-check when no Worker serves this bucket',
    1,
  );
}

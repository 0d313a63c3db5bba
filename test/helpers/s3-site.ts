/** A local S3 server and a built site of the tiny fixture, for a test file's publishes. */
import { afterAll, beforeAll } from 'vitest';
import { startLocalS3, type LocalS3 } from './s3.js';
import { buildTempSite } from './site.js';

/** What {@link useS3AndTinySite} gives, filled in before the file's tests run. */
export interface S3AndSite {
  s3: LocalS3;
  /** The built site's folder. */
  site: string;
}

/** Starts a local S3 server and builds the tiny fixture's site before the file's tests, and stops the server after them. */
export function useS3AndTinySite(): S3AndSite {
  const context = {} as S3AndSite;
  beforeAll(async () => {
    context.s3 = await startLocalS3();
    ({ out: context.site } = await buildTempSite({ sources: 'test/fixtures/tiny/sources' }));
  });
  afterAll(() => context.s3?.close());
  return context;
}

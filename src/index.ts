/**
 * dataset-site as a library: the same calls the `dataset-site` command makes.
 *
 * ### Usage:
 * ```ts
 * import { build, verifySite, queryDataset, publishSite } from 'dataset-site';
 * await build({ sources: 'sources', out: 'dist', baseUrl: 'https://data.example.com' });
 * const { problems } = await verifySite({ dir: 'dist' });
 * const { body } = await queryDataset({ dir: 'dist', params: { type: 'exhibitor', q: '汽车' } });
 * await publishSite({ dir: 'dist', bucket: 'data', endpoint: 'https://<account>.r2.cloudflarestorage.com' });
 * ```
 */
export { build, type BuildResult } from './build.js';
export { resolveConfig, type BuildOptions, type ResolvedConfig } from './config.js';
export { UserError, formatDiagnostic, formatDiagnostics, type Diagnostic } from './shared/index.js';
export { initDeploy, type DeployFile, type InitDeployOptions } from './hosts/index.js';
export {
  publishSite,
  type PublishResult,
  checkPublished,
  type Difference,
  type PublishedCheck,
  type PublishCredentials,
  type PublishOptions,
} from './publish/index.js';
export { queryDataset, type QueryResult, type QueryOptions } from './site/index.js';
export { serve, type PreviewServer, type ServeOptions } from './serve/index.js';
export { verifySite, type VerifyOptions, type VerifyResult } from './verify/index.js';

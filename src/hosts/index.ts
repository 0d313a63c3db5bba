/**
 * The door of `hosts` (the files the build writes for hosts: Pages, nginx, the browse page, and the deploy configuration
 * init-deploy writes; the workers that run at the edge are in edge/): what other rooms may use of it.
 */
export { R2_WORKER_BUNDLE, bundleText } from './bundles.js';
export { R2_COMPATIBILITY_DATE, wranglerToml } from './cloudflare-r2.js';
export { HOST_CONFIG_FILES, HOST_FILES, renderHostFiles } from './host-files.js';
export { initDeploy } from './init-deploy.js';
export type { DeployFile, InitDeployOptions } from './init-deploy.js';

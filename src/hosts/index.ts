/** The door of `hosts`: what other rooms may use of it. */
export { HOST_CONFIG_FILES, renderHostFiles } from './host-files.js';
export { initDeploy } from './init-deploy.js';
export type { DeployFile, InitDeployOptions } from './init-deploy.js';
export { parseWorkerRecord } from './worker-record.js';

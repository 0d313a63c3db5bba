/** The door of `commands`: what other rooms may use of it. */
export { exitCodeOf } from './exit-code.js';
export { parseNumber, parseShare, printDiagnostics } from './flags.js';
export { addInitDeployCommand } from './init-deploy-command.js';
export { addMcpCommand } from './mcp-command.js';
export { progressLine } from './progress-line.js';
export { addPublishCommand } from './publish-command.js';
export { addQueryCommand } from './query-command.js';
export { addServeCommand } from './serve-command.js';
export { addVerifyCommand } from './verify-command.js';

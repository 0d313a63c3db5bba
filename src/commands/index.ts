/**
 * The door of `commands` (the commands besides build, one a file, and what they share (flags, exit codes, the progress
 * line)): what other rooms may use of it.
 */
export { ignoreClosedOutput } from './closed-output.js';
export { exitCodeOf } from './exit-code.js';
export { parseNumber, parseShare, printDiagnostics } from './flags.js';
export { addInitDeployCommand } from './init-deploy-command.js';
export { addPendingOptions } from './lazy-options.js';
export { addMcpCommand } from './mcp-command.js';
export { progressLine } from './progress-line.js';
export { addPublishCommand } from './publish-command.js';
export { addQueryCommand } from './query-command.js';
export { addServeCommand } from './serve-command.js';
export { addVerifyCommand } from './verify-command.js';

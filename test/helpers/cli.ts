/** Runs the compiled `dataset-site` command (`npm test` compiles first). */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** Path of the compiled command. */
export const CLI = path.resolve('lib/cli.js');

/** What a finished command printed and returned. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command with arguments in a working folder, with `env` over the environment, and waits for it to end. */
export function runCli(args: string[], cwd = process.cwd(), env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runNode([CLI, ...args], cwd, env);
}

/** Runs Node with arguments (a script and its own) in a working folder, with `env` over the environment, and waits for it to end. */
export function runNode(args: string[], cwd = process.cwd(), env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runCommand(process.execPath, args, cwd, env);
}

/** Runs a command found on the PATH of `env` (over the environment) with arguments in a working folder, and waits for it to end. */
export function runCommand(
  command: string,
  args: string[],
  cwd = process.cwd(),
  env: NodeJS.ProcessEnv = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

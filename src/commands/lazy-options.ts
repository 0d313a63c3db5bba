/**
 * Options a command takes from its own room (the query parameters, verify's rotation), added only
 * when that command runs or shows its help: `--version`, `--help` and every other command load
 * none of that room's modules (commander calls the `preSubcommand` hook before a command parses its
 * arguments, its help included).
 */
import type { Command } from 'commander';

const pending = new WeakMap<Command, () => Promise<void>>();

/** Adds the options `add` makes to `command` (once) as it is about to run; see {@link addPendingOptions}. */
export function optionsWhenRun(command: Command, add: (command: Command) => Promise<void>): void {
  let added: Promise<void> | undefined;
  pending.set(command, () => (added ??= add(command)));
}

/** Installs on `program` the hook that adds a command's pending options before it parses its arguments. */
export function addPendingOptions(program: Command): void {
  program.hook('preSubcommand', async (_program, command) => {
    await pending.get(command)?.();
  });
}

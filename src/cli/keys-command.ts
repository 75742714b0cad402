// `inboxd keys create --account <id> | list [--account <id>] | revoke <key-id>` (D13, D28).
import type { Command } from 'commander';
import { runOperatorCommand, withOutputOptions, type OutputOptions } from './operator-command.js';

export function registerKeysCommand(program: Command): void {
  const keys = program.command('keys').description('API keys of accounts');
  withOutputOptions(
    keys
      .command('create')
      .description('issue an API key (printed once)')
      .option('--account <id>', 'the account it belongs to'),
  ).action((options: OutputOptions & { account?: string }) =>
    runOperatorCommand(options, (op) => op.keys.create(options.account), 'Store this key now: it is not shown again.'),
  );
  withOutputOptions(
    keys
      .command('list')
      .description('list keys (never the keys themselves)')
      .option('--account <id>', "only this account's"),
  ).action((options: OutputOptions & { account?: string }) =>
    runOperatorCommand(options, (op) => op.keys.list(options.account)),
  );
  withOutputOptions(keys.command('revoke <key-id>').description('revoke a key; it stops working at once')).action(
    (id: string, options: OutputOptions) => runOperatorCommand(options, (op) => op.keys.revoke(id)),
  );
}

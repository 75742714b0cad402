// `inboxd domains list | close <domain> [--account <id>] | reopen <domain>` (D12, D28).
import type { Command } from 'commander';
import { runOperatorCommand, withOutputOptions, type OutputOptions } from './operator-command.js';

export function registerDomainsCommand(program: Command): void {
  const domains = program.command('domains').description('own domains connected by mail: list, close, reopen');
  withOutputOptions(domains.command('list').description('list connected own domains and how each is closed')).action(
    (options: OutputOptions) => runOperatorCommand(options, (op) => op.domains.list()),
  );
  withOutputOptions(
    domains
      .command('close <domain>')
      .description('close a connected domain: reads then need its new domain key (printed once), or a key of --account')
      .option('--account <id>', 'close it to this account, whose API keys then read it'),
  ).action((domain: string, options: OutputOptions & { account?: string }) =>
    runOperatorCommand(
      options,
      (op) => op.domains.close(domain, { account: options.account }),
      options.account === undefined ? 'Store this domain key now: it is not shown again.' : undefined,
    ),
  );
  withOutputOptions(
    domains.command('reopen <domain>').description('reopen a closed domain: reads need no key again'),
  ).action((domain: string, options: OutputOptions) => runOperatorCommand(options, (op) => op.domains.reopen(domain)));
}

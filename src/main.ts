#!/usr/bin/env node
// The inboxd command (package.json bin): `inboxd serve` and the operator commands of D28.
import { Command } from 'commander';
import { registerAccountsCommand } from './cli/accounts-command.js';
import { registerDomainsCommand } from './cli/domains-command.js';
import { registerKeysCommand } from './cli/keys-command.js';
import { registerServeCommand } from './cli/serve-command.js';
import { registerWaitCommand } from './cli/wait-command.js';
import { VERSION } from './version.js';

const program = new Command('inboxd').description('receive-only disposable e-mail service').version(VERSION);
registerServeCommand(program);
registerDomainsCommand(program);
registerAccountsCommand(program);
registerKeysCommand(program);
registerWaitCommand(program);
program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

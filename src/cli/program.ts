// The inboxd command's program: `inboxd serve`, `inboxd wait` and the operator commands of D28 (main.ts
// loads it once the Node.js version is known to be supported).
import { Command } from 'commander';
import { registerAccountsCommand } from './accounts-command.js';
import { registerDomainsCommand } from './domains-command.js';
import { registerKeysCommand } from './keys-command.js';
import { registerServeCommand } from './serve-command.js';
import { registerWaitCommand } from './wait-command.js';
import { VERSION } from '../version.js';

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

#!/usr/bin/env node
// The inboxd command (package.json bin): `inboxd serve`, and the operator commands as they arrive.
import { Command } from 'commander';
import { registerServeCommand } from './cli/serve-command.js';

const program = new Command('inboxd').description('receive-only disposable e-mail service').version('0.1.0');
registerServeCommand(program);
program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// `inboxd accounts create --plan free|premium [--quota N] [--paid-through DATE] | list | update <id>` (D13, D28).
import type { Command } from 'commander';
import { runOperatorCommand, withOutputOptions, type OutputOptions } from './operator-command.js';

interface PlanOptions extends OutputOptions {
  plan?: string;
  quota?: string;
  paidThrough?: string;
}

function withPlanOptions(command: Command): Command {
  return command
    .option('--plan <plan>', 'free or premium')
    .option('--quota <n>', 'premium-pool messages a month (default 10000 for premium, 0 for free)')
    .option('--paid-through <date>', 'last paid day, YYYY-MM-DD (UTC); "none" for no end date');
}

export function registerAccountsCommand(program: Command): void {
  const accounts = program.command('accounts').description('accounts and their plans');
  withOutputOptions(withPlanOptions(accounts.command('create').description('create an account'))).action(
    (options: PlanOptions) => runOperatorCommand(options, (op) => op.accounts.create(options)),
  );
  withOutputOptions(
    accounts.command('list').description("list accounts with their plan and this month's premium usage"),
  ).action((options: OutputOptions) => runOperatorCommand(options, (op) => op.accounts.list()));
  withOutputOptions(
    withPlanOptions(
      accounts.command('update <id>').description("change an account's plan, quota or paid-through date"),
    ),
  ).action((id: string, options: PlanOptions) => runOperatorCommand(options, (op) => op.accounts.update(id, options)));
}

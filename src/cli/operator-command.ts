// Runs one operator command on the store the configuration names (the same one `inboxd serve` uses; SQLite
// in WAL mode, or the shared PostgreSQL database, lets both work at once), prints its answer, and exits 1 with the reason on a refusal.
import type { Command } from 'commander';
import { systemClock } from '../clock.js';
import { createIdGenerator } from '../mail/ids.js';
import { createOperator, type Operator } from '../operator/operator.js';
import { OperatorError } from '../operator/operator-error.js';
import { openStorage } from '../storage.js';
import { configOrExit, type ConfigOption } from './cli-config.js';
import { print } from './print.js';

export interface OutputOptions extends ConfigOption {
  json?: boolean;
}

export function withOutputOptions(command: Command): Command {
  return command
    .option('--json', 'print JSON')
    .option('--config <file>', 'JSON file of INBOXD_* keys; environment variables win over it');
}

export async function runOperatorCommand(
  options: OutputOptions,
  action: (operator: Operator) => Promise<object>,
  note?: string,
): Promise<void> {
  const config = configOrExit(options);
  const storage = await openStorage(config);
  try {
    const operator = createOperator({
      directory: storage.directory,
      clock: systemClock,
      newId: createIdGenerator(systemClock),
      publicDomains: config.publicDomains,
      premiumDomains: config.premiumDomains,
    });
    print(await action(operator), options.json === true);
    if (note !== undefined && options.json !== true) console.error(note);
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    console.error(`inboxd: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await storage.close();
  }
}

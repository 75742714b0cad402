// `inboxd serve`: load the configuration (reporting every problem at once), start, and stop gracefully
// on SIGTERM or SIGINT.
import type { Command } from 'commander';
import { startApp } from '../app.js';
import { configOrExit, type ConfigOption } from './cli-config.js';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('run the service: SMTP in, the HTTPS API out, plain HTTP redirecting to HTTPS')
    .option('--config <file>', 'JSON file of INBOXD_* keys; environment variables win over it')
    .action(async (options: ConfigOption) => {
      const app = await startApp({ config: configOrExit(options) });
      const shutdown = (signal: string) => {
        console.error(`inboxd: ${signal} received, stopping`);
        app.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(error);
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
    });
}

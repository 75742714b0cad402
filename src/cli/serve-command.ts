// `inboxd serve`: load the configuration (reporting every problem at once), start, and stop gracefully
// on SIGTERM or SIGINT.
import type { Command } from 'commander';
import { startApp } from '../app.js';
import { ConfigError, loadConfig, readConfigFile } from '../config/load-config.js';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('run the service: SMTP in, the HTTPS API out, plain HTTP redirecting to HTTPS')
    .option('--config <file>', 'JSON file of INBOXD_* keys; environment variables win over it')
    .action(async (options: { config?: string }) => {
      let config;
      try {
        config = loadConfig(process.env, options.config === undefined ? {} : readConfigFile(options.config));
      } catch (error) {
        if (error instanceof ConfigError) {
          console.error(error.message);
          process.exit(2);
        }
        throw error;
      }
      const app = await startApp({ config });
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

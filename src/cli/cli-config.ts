// Loads the configuration for a command, reporting every problem at once and exiting 2 (D27).
import { ConfigError, loadConfig, readConfigFile } from '../config/load-config.js';
import type { Config } from '../config/config.js';

export interface ConfigOption {
  config?: string;
}

export function configOrExit(options: ConfigOption): Config {
  try {
    return loadConfig(process.env, options.config === undefined ? {} : readConfigFile(options.config));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

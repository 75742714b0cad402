// Reads the configuration from environment variables and an optional JSON file naming the same keys
// (D27). Every problem is collected and reported at once; the environment wins over the file.
import { readFileSync } from 'node:fs';
import type { Config } from './config.js';
import { configKeys, type ConfigName } from './schema.js';

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads a config file: a JSON object whose keys are the INBOXD_* variable names. */
export function readConfigFile(path: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError([`config file ${path}: ${(error as Error).message}`]);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError([`config file ${path}: must hold a JSON object of INBOXD_* keys`]);
  }
  const known = new Set(Object.values(configKeys).map((k) => k.env));
  const problems: string[] = [];
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!known.has(key)) problems.push(`config file ${path}: unknown key ${key}`);
    else if (Array.isArray(value)) values[key] = value.join(',');
    else values[key] = String(value);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return values;
}

export function loadConfig(env: Record<string, string | undefined>, file: Record<string, string> = {}): Config {
  const problems: string[] = [];
  const values: Partial<Record<ConfigName, unknown>> = {};
  for (const [name, key] of Object.entries(configKeys) as [ConfigName, (typeof configKeys)[ConfigName]][]) {
    const raw = env[key.env] ?? file[key.env] ?? key.default;
    const result = key.schema.safeParse(raw);
    if (result.success) values[name] = result.data;
    else
      problems.push(`${key.env}=${JSON.stringify(raw ?? '')}: ${result.error.issues.map((i) => i.message).join('; ')}`);
  }
  const v = values as Omit<Config, 'baseUrl' | 'mxHost'> & { baseUrl?: string; mxHost?: string };
  if ((v.tlsCert === undefined) !== (v.tlsKey === undefined)) {
    problems.push('INBOXD_TLS_CERT and INBOXD_TLS_KEY must be set together');
  }
  if (v.publicDomains !== undefined && v.premiumDomains !== undefined) {
    for (const d of v.premiumDomains)
      if (v.publicDomains.includes(d)) problems.push(`domain ${d} is both public and premium`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const baseUrl = v.baseUrl?.replace(/\/+$/, '');
  return { ...v, baseUrl, mxHost: v.mxHost ?? v.hostname } as Config;
}

// The configuration every test app starts from, end-to-end (test-app.ts) or in process (fast-app.ts): a
// fresh data directory, ports chosen by the OS, no logs, two public domains, one parser thread. With
// INBOXD_TEST_SHARED=1 it puts the app on PostgreSQL and Redis instead of SQLite and in-process state
// (a fresh schema and key prefix each).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../src/config/config.js';
import { loadConfig } from '../../src/config/load-config.js';
import { createTestSchema, TEST_REDIS_URL, testRedisPrefix, type TestSchema } from './backends.js';

export const SHARED_BACKENDS = process.env.INBOXD_TEST_SHARED === '1';

export interface TestConfig {
  config: Config;
  dataDir: string;
  /** Drops the schema (shared backends) and deletes the data directory. */
  cleanUp(): Promise<void>;
}

export async function createTestConfig(env: Record<string, string> = {}): Promise<TestConfig> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inboxd-test-'));
  const schema: TestSchema | undefined = SHARED_BACKENDS ? await createTestSchema() : undefined;
  const shared: Record<string, string> =
    schema === undefined
      ? {}
      : { INBOXD_DATABASE_URL: schema.url, INBOXD_REDIS_URL: TEST_REDIS_URL, INBOXD_REDIS_PREFIX: testRedisPrefix() };
  const cleanUp = async () => {
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      INBOXD_DATA_DIR: dataDir,
      INBOXD_SMTP_PORT: '0',
      INBOXD_HTTP_PORT: '0',
      INBOXD_HTTPS_PORT: '0',
      INBOXD_LOG_LEVEL: 'silent',
      INBOXD_PUBLIC_DOMAINS: 'inboxd.test,mail.inboxd.test',
      INBOXD_PARSER_THREADS: '1',
      ...shared,
      ...env,
    });
    return { config, dataDir, cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

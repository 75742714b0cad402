// Applies the numbered SQL migrations in migrations/postgres/ that the database has not seen yet, each in
// its own transaction with its version recorded in schema_migrations. Nodes starting together take an
// advisory lock first, so exactly one of them applies each migration.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { inTransaction } from './pg-transaction.js';

// src/store/postgres/ and dist/store/postgres/ both sit three levels below the package root.
const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/postgres/', import.meta.url));

export async function migratePostgres(pool: pg.Pool, dir: string = MIGRATIONS_DIR): Promise<number> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f))
    .sort();
  return inTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':inboxd-migrations'))`);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    let version = rows[0]?.version ?? 0;
    for (const file of files) {
      const number = Number.parseInt(file.slice(0, 3), 10);
      if (number <= version) continue;
      await client.query(readFileSync(`${dir}${file}`, 'utf8'));
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [number]);
      version = number;
    }
    return version;
  });
}

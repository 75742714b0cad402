// Applies the numbered SQL migrations in migrations/sqlite/ that the database has not seen yet, each in
// its own transaction, recording the version in PRAGMA user_version.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from './sqlite-sql.js';

// src/store/sqlite/ and dist/store/sqlite/ both sit three levels below the package root.
const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/sqlite/', import.meta.url));

export function userVersion(db: DatabaseSync): number {
  return (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
}

export function migrate(db: DatabaseSync, dir: string = MIGRATIONS_DIR): number {
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f))
    .sort();
  let version = userVersion(db);
  for (const file of files) {
    const number = Number.parseInt(file.slice(0, 3), 10);
    if (number <= version) continue;
    const sql = readFileSync(`${dir}${file}`, 'utf8');
    inTransaction(db, () => {
      db.exec(sql);
      db.exec(`PRAGMA user_version = ${number}`);
    });
    version = number;
  }
  return version;
}

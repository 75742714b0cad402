// Applies the numbered SQL migrations in migrations/sqlite/ that the database has not seen yet, each in
// its own transaction, recording the version in PRAGMA user_version.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';

// src/store/sqlite/ and dist/store/sqlite/ both sit three levels below the package root.
const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/sqlite/', import.meta.url));

export function migrate(db: Database.Database, dir: string = MIGRATIONS_DIR): number {
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f))
    .sort();
  let version = db.pragma('user_version', { simple: true }) as number;
  for (const file of files) {
    const number = Number.parseInt(file.slice(0, 3), 10);
    if (number <= version) continue;
    const sql = readFileSync(`${dir}${file}`, 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${number}`);
    })();
    version = number;
  }
  return version;
}

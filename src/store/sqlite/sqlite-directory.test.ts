import { runDirectoryStoreContract } from '../directory-store-contract.js';
import { sqliteDirectoryStore } from './sqlite-directory.js';
import { openSqliteDatabase } from './sqlite-database.js';

runDirectoryStoreContract('sqlite (in memory)', () => {
  const db = openSqliteDatabase(':memory:');
  return { directory: sqliteDirectoryStore(db), close: async () => void db.close() };
});

/**
 * npm run backup -- FILE: a consistent copy of the database (SWITCHYARD_DB, else data/switchyard.db)
 * through SQLite's online backup API, safe while the server runs. Restore: stop the server, copy
 * FILE to SWITCHYARD_DB (removing any -wal/-shm files there), start the server.
 */
import { postgresUrl } from '../db/database-url';
import { backupDatabase, configuredDatabaseFile } from '../db/maintenance';

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run backup -- FILE');
  process.exit(2);
}
if (postgresUrl()) {
  console.error('DATABASE_URL is a Postgres database: back it up with pg_dump (see the README, Postgres)');
  process.exit(2);
}
const source = configuredDatabaseFile();
await backupDatabase(source, target);
console.log(`backed up ${source} to ${target}`);

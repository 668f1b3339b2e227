/**
 * npm run rotate-key: re-encrypts the stored connection and MCP server secrets with SWITCHYARD_NEW_SECRET_KEY.
 * The current key is SWITCHYARD_SECRET_KEY, else data/secret.key (which is then replaced by the
 * new key). With SWITCHYARD_SECRET_KEY, set it to the new key before the next start.
 * Refuses (exit 3) while a server or queue worker runs on the same database (db/server-lock.ts): stop it first.
 */
import { configuredDatabaseFile, rotateSecretKey } from '../db/maintenance';
import { LockBusyError } from '../db/server-lock';

const next = process.env.SWITCHYARD_NEW_SECRET_KEY?.trim();
if (!next) {
  console.error('Set SWITCHYARD_NEW_SECRET_KEY to the new key (e.g. `openssl rand -base64 32`).');
  process.exit(2);
}
const file = configuredDatabaseFile();
let result: Awaited<ReturnType<typeof rotateSecretKey>>;
try {
  result = await rotateSecretKey(file, next);
} catch (err) {
  if (!(err instanceof LockBusyError)) throw err;
  console.error(`rotate-key refused: ${err.message}`);
  process.exit(3);
}
const { rows, keyFile } = result;
console.log(`re-encrypted ${rows} connection(s) and MCP server(s) in ${file}` + (keyFile ? `; the new key is in ${keyFile}` : '; now set SWITCHYARD_SECRET_KEY to the new key'));

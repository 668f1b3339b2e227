/** server-lock.test.ts against PostgreSQL (DATABASE_URL, lib/testing/on-postgres.ts): the advisory lock a server holds. */
import { onPostgres } from '@/lib/testing/on-postgres';

if (await onPostgres()) await import('./server-lock.test');

/** sign-in-throttle.test.ts against PostgreSQL (DATABASE_URL, lib/testing/on-postgres.ts): the lock-outs in the shared database. */
import { onPostgres } from '@/lib/testing/on-postgres';

if (await onPostgres()) await import('./sign-in-throttle.test');

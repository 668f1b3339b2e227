/**
 * queue-mode.test.ts against PostgreSQL: the web process (this one) and the spawned workers share
 * one Postgres database (DATABASE_URL, inherited by the workers; lib/testing/on-postgres.ts).
 */
import { onPostgres } from '@/lib/testing/on-postgres';

if (await onPostgres()) await import('./queue-mode.test');

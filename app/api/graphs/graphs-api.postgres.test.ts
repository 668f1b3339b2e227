/** graphs-api.test.ts against PostgreSQL (DATABASE_URL, lib/testing/on-postgres.ts): the graph routes on the native async store. */
import { onPostgres } from '@/lib/testing/on-postgres';

if (await onPostgres()) await import('./graphs-api.test');

/** knowledge-api.test.ts against PostgreSQL (DATABASE_URL, lib/testing/on-postgres.ts): tsvector ranking and the exact vector scan. */
import { onPostgres } from '@/lib/testing/on-postgres';

if (await onPostgres()) await import('./knowledge-api.test');

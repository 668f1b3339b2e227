/** versions-api.test.ts against PostgreSQL (DATABASE_URL, lib/testing/on-postgres.ts): the version routes on the native async store. */
import { onPostgres } from '@/lib/testing/on-postgres';

if (await onPostgres()) await import('./versions-api.test');

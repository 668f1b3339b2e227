/** api-a2a.test.ts against PostgreSQL (DATABASE_URL, lib/testing/on-postgres.ts). */
import { onPostgres } from '@/lib/testing/on-postgres';

if (await onPostgres()) await import('./api-a2a.test');

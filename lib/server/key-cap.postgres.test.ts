/** key-cap.test.ts against PostgreSQL (DATABASE_URL, lib/testing/on-postgres.ts): the cap holds under concurrent creations there too. */
import { onPostgres } from '@/lib/testing/on-postgres';

if (await onPostgres()) await import('./key-cap.test');

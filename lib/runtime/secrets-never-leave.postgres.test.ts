/** secrets-never-leave.test.ts against PostgreSQL (DATABASE_URL, lib/testing/on-postgres.ts): every table is scanned there. */
import { onPostgres } from '@/lib/testing/on-postgres';

if (await onPostgres()) await import('./secrets-never-leave.test');

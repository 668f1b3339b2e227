/** key-budget-api.test.ts against PostgreSQL (DATABASE_URL, lib/testing/on-postgres.ts): better-auth's drizzle adapter included. */
import { onPostgres } from '@/lib/testing/on-postgres';

if (await onPostgres()) await import('./key-budget-api.test');

/** event-recorder-store.test.ts against PostgreSQL (DATABASE_URL, lib/testing/on-postgres.ts). */
import { onPostgres } from '@/lib/testing/on-postgres';

if (await onPostgres()) await import('./event-recorder-store.test');

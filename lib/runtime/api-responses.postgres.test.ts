/** api-responses.test.ts (Responses and Conversations APIs) against PostgreSQL (DATABASE_URL, lib/testing/on-postgres.ts). */
import { onPostgres } from '@/lib/testing/on-postgres';

if (await onPostgres()) await import('./api-responses.test');

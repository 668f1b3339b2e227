/** workspace-routes.test.ts against PostgreSQL (DATABASE_URL, lib/testing/on-postgres.ts): the workspace migration and the native store's scoped queries. */
import { onPostgres } from '@/lib/testing/on-postgres';

if (await onPostgres()) await import('./workspace-routes.test');

import { defineConfig } from 'drizzle-kit';

/** Postgres migrations (DATABASE_URL=postgres://…): `npm run db:generate` writes both dialects'. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema-pg/index.ts',
  out: './db/migrations-pg',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://localhost/switchyard' },
});

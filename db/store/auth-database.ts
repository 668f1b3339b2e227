/**
 * The database better-auth's drizzle adapter works on (lib/server/auth.ts: sessions, accounts,
 * verifications, and users as it signs them in): on SQLite the app's connection and schema
 * (provider `sqlite`); on Postgres the async store's Pool with the Postgres schema (provider `pg`,
 * Postgres' own SQL), so sign-in and every session lookup are async on Postgres.
 */
import 'server-only';
import { getDb, isPostgres } from '../client';
import * as sqliteAuth from '../schema/auth';
import * as pgSchema from '../schema-pg';
import { pgDb } from './pg/db';

export interface AuthDatabase {
  provider: 'sqlite' | 'pg';
  /** The drizzle database (identity: a reopened database is a new one). */
  db: object;
  schema: Record<'users' | 'sessions' | 'accounts' | 'verifications', object>;
}

export async function authDatabase(): Promise<AuthDatabase> {
  if (isPostgres()) {
    const { users, sessions, accounts, verifications } = pgSchema;
    return { provider: 'pg', db: await pgDb(), schema: { users, sessions, accounts, verifications } };
  }
  const { users, sessions, accounts, verifications } = sqliteAuth;
  return { provider: 'sqlite', db: getDb(), schema: { users, sessions, accounts, verifications } };
}

/** Which database DATABASE_URL names (no `server-only` mark: the operator scripts, db/maintenance.ts, read it too). */

/** DATABASE_URL when it names a Postgres database (postgres:// or postgresql://); undefined otherwise (SQLite). */
export function postgresUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  const url = env.DATABASE_URL?.trim();
  return url && /^postgres(ql)?:\/\//i.test(url) ? url : undefined;
}

import { describe, expect, it } from 'vitest';
import { postgresUrl, toPostgresSql } from './pg-client';

describe('the SQL drizzle builds for SQLite, made Postgres', () => {
  it('numbers the placeholders, leaving ? inside string literals and quoted names alone', () => {
    expect(toPostgresSql(`select "a?" from "t" where "x" = ? and y = '?' and z in (?, ?) limit ?`)).toBe(`select "a?" from "t" where "x" = $1 and y = '?' and z in ($2, $3) limit $4`);
    expect(toPostgresSql(`select 'it''s ?' , ?`)).toBe(`select 'it''s ?' , $1`);
  });

  it("replaces the schema's now-in-ms default and unqualifies a conflict target", () => {
    expect(toPostgresSql(`insert into "t" ("a", "b") values (?, (cast(unixepoch('subsecond') * 1000 as integer)))`)).toBe(
      `insert into "t" ("a", "b") values ($1, ((extract(epoch from clock_timestamp()) * 1000)::bigint))`,
    );
    expect(toPostgresSql(`insert into "meta" ("key", "value") values (?, ?) on conflict ("meta"."key") do update set "value" = ?`)).toBe(
      `insert into "meta" ("key", "value") values ($1, $2) on conflict ("key") do update set "value" = $3`,
    );
    expect(toPostgresSql(`insert into "m" ("a", "b") values (?, ?) on conflict ("m"."a", "m"."b") do nothing`)).toBe(`insert into "m" ("a", "b") values ($1, $2) on conflict ("a", "b") do nothing`);
  });
});

describe('DATABASE_URL', () => {
  it('selects Postgres for postgres:// and postgresql:// only', () => {
    expect(postgresUrl({ DATABASE_URL: 'postgres://u@h/db' })).toBe('postgres://u@h/db');
    expect(postgresUrl({ DATABASE_URL: ' postgresql://h/db ' })).toBe('postgresql://h/db');
    expect(postgresUrl({ DATABASE_URL: 'file:data/x.db' })).toBeUndefined();
    expect(postgresUrl({})).toBeUndefined();
  });
});

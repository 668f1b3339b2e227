-- The store builds its SQL with drizzle's SQLite builder (db/pg-client.ts), which inserts NULL for
-- an autoincrement id left out; SQLite then assigns the next one. Postgres does the same here.
CREATE FUNCTION "switchyard_id_from_sequence"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."id" IS NULL THEN
    NEW."id" := nextval(pg_get_serial_sequence(quote_ident(TG_TABLE_NAME), 'id'));
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "graph_versions_id" BEFORE INSERT ON "graph_versions" FOR EACH ROW EXECUTE FUNCTION "switchyard_id_from_sequence"();--> statement-breakpoint
CREATE TRIGGER "run_calls_id" BEFORE INSERT ON "run_calls" FOR EACH ROW EXECUTE FUNCTION "switchyard_id_from_sequence"();

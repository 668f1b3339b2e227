CREATE TABLE "graph_publications" (
	"graph_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"note" text,
	"published_by" text,
	"published_at" bigint DEFAULT (extract(epoch from clock_timestamp()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "graph_shares" (
	"graph_id" text PRIMARY KEY NOT NULL,
	"access" text DEFAULT 'off' NOT NULL,
	"token" text NOT NULL,
	"welcome" text,
	"suggestions" text DEFAULT '[]' NOT NULL,
	"allowed_origins" text DEFAULT '[]' NOT NULL,
	"visitor_per_minute" bigint DEFAULT 10 NOT NULL,
	"daily_cost_usd" double precision,
	"updated_at" bigint DEFAULT (extract(epoch from clock_timestamp()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "graph_publications" ADD CONSTRAINT "graph_publications_graph_id_graphs_id_fk" FOREIGN KEY ("graph_id") REFERENCES "public"."graphs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graph_shares" ADD CONSTRAINT "graph_shares_graph_id_graphs_id_fk" FOREIGN KEY ("graph_id") REFERENCES "public"."graphs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "graph_shares_token_unique" ON "graph_shares" USING btree ("token");
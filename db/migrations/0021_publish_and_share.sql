CREATE TABLE `graph_publications` (
	`graph_id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`note` text,
	`published_by` text,
	`published_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`graph_id`) REFERENCES `graphs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `graph_shares` (
	`graph_id` text PRIMARY KEY NOT NULL,
	`access` text DEFAULT 'off' NOT NULL,
	`token` text NOT NULL,
	`welcome` text,
	`suggestions` text DEFAULT '[]' NOT NULL,
	`allowed_origins` text DEFAULT '[]' NOT NULL,
	`visitor_per_minute` integer DEFAULT 10 NOT NULL,
	`daily_cost_usd` real,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`graph_id`) REFERENCES `graphs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `graph_shares_token_unique` ON `graph_shares` (`token`);
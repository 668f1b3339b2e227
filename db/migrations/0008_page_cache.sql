CREATE TABLE `page_cache` (
	`url` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`text` text NOT NULL,
	`bytes` integer NOT NULL,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `page_cache_fetched_at` ON `page_cache` (`fetched_at`);
CREATE TABLE `graph_tests` (
	`graph_id` text PRIMARY KEY NOT NULL,
	`yaml` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`graph_id`) REFERENCES `graphs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `connections` ADD `prices` text;
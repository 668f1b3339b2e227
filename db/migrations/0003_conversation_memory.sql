CREATE TABLE `conversation_memory` (
	`conversation_id` text NOT NULL,
	`graph_id` text NOT NULL,
	`node` text NOT NULL,
	`summary` text,
	`summarized_turns` integer DEFAULT 0 NOT NULL,
	`entities` text DEFAULT '[]' NOT NULL,
	`entities_at_turn` integer DEFAULT 0 NOT NULL,
	`turns` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`conversation_id`, `graph_id`, `node`),
	FOREIGN KEY (`graph_id`) REFERENCES `graphs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `runs` ADD `conversation_id` text;
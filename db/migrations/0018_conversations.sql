CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`graph_id` text,
	`title` text,
	`source` text NOT NULL,
	`visitor_id` text,
	`metadata` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`graph_id`) REFERENCES `graphs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversations_graph_updated_idx` ON `conversations` (`graph_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `conversations_workspace_updated_idx` ON `conversations` (`workspace_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `conversations_visitor_idx` ON `conversations` (`visitor_id`);--> statement-breakpoint
CREATE INDEX `runs_conversation_idx` ON `runs` (`conversation_id`,`created_at`);
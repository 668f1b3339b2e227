CREATE TABLE `chat_tool_calls` (
	`tool_call_id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_tool_calls_run` ON `chat_tool_calls` (`run_id`);--> statement-breakpoint
CREATE TABLE `chat_tool_runs` (
	`run_id` text PRIMARY KEY NOT NULL,
	`node` text NOT NULL,
	`tools` text NOT NULL,
	`tool_choice` text,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE TABLE `mcp_servers` (
	`name` text PRIMARY KEY NOT NULL,
	`transport` text NOT NULL,
	`url` text NOT NULL,
	`headers` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);

CREATE TABLE `workspace_members` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`workspace_id`, `user_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workspace_members_user_idx` ON `workspace_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`personal_of` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`personal_of`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspaces_personal_of_unique` ON `workspaces` (`personal_of`);--> statement-breakpoint
DROP INDEX `graphs_name_unique`;--> statement-breakpoint
ALTER TABLE `graphs` ADD `workspace_id` text NOT NULL DEFAULT 'default';--> statement-breakpoint
CREATE UNIQUE INDEX `graphs_workspace_name_unique` ON `graphs` (`workspace_id`,`name`);--> statement-breakpoint
ALTER TABLE `connections` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `threads` ADD `workspace_id` text NOT NULL DEFAULT 'default';--> statement-breakpoint
ALTER TABLE `api_keys` ADD `workspace_id` text NOT NULL DEFAULT 'default';--> statement-breakpoint
ALTER TABLE `mcp_servers` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
-- Data (issue 21): the instance's existing graphs, threads and keys go to the "Default" workspace
-- (the column default above), whose members are all existing users with their current role; each
-- user also gets a personal workspace. SQLite cannot add a NOT NULL column with a REFERENCES clause
-- to a table with rows (nor rebuild graphs without cascading deletes inside the migration's
-- transaction), so graphs/threads/api_keys.workspace_id carry no foreign key here: the store checks
-- the workspace on every write, and a workspace is deleted only when empty (db/store).
INSERT INTO `workspaces` (`id`, `name`, `personal_of`) VALUES ('default', 'Default', NULL);--> statement-breakpoint
INSERT INTO `workspaces` (`id`, `name`, `personal_of`) SELECT 'personal-' || `id`, 'Personal: ' || `email`, `id` FROM `users`;--> statement-breakpoint
INSERT INTO `workspace_members` (`workspace_id`, `user_id`, `role`, `is_default`) SELECT 'default', `id`, `role`, 1 FROM `users`;--> statement-breakpoint
INSERT INTO `workspace_members` (`workspace_id`, `user_id`, `role`, `is_default`) SELECT 'personal-' || `id`, `id`, 'admin', 0 FROM `users`;

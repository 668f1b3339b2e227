CREATE TABLE `run_calls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` text NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`node` text NOT NULL,
	`request_hash` text NOT NULL,
	`result` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `run_calls_run_key_idx` ON `run_calls` (`run_id`,`key`);--> statement-breakpoint
CREATE INDEX `run_calls_lookup_idx` ON `run_calls` (`run_id`,`kind`,`node`,`request_hash`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_run_checkpoints` (
	`run_id` text NOT NULL,
	`step` integer NOT NULL,
	`checkpoint` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`run_id`, `step`),
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_run_checkpoints`("run_id", "step", "checkpoint", "updated_at") SELECT "run_id", "step", "checkpoint", "updated_at" FROM `run_checkpoints`;--> statement-breakpoint
DROP TABLE `run_checkpoints`;--> statement-breakpoint
ALTER TABLE `__new_run_checkpoints` RENAME TO `run_checkpoints`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `runs` ADD `parent_run_id` text REFERENCES runs(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `runs` ADD `forked_from_step` integer;--> statement-breakpoint
ALTER TABLE `runs` ADD `origin` text;--> statement-breakpoint
CREATE INDEX `runs_parent_idx` ON `runs` (`parent_run_id`);
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_run_journal` (
	`id` integer PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`node` text NOT NULL,
	`request_hash` text,
	`result` text NOT NULL,
	`error` text,
	`usage` text,
	`reused` integer DEFAULT false NOT NULL,
	`started_at` integer,
	`latency_ms` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_run_journal`("id", "run_id", "key", "kind", "node", "request_hash", "result", "error", "usage", "reused", "started_at", "latency_ms", "created_at") SELECT "id", "run_id", "key", "kind", "node", "request_hash", "result", "error", "usage", "reused", "started_at", "latency_ms", "created_at" FROM `run_journal`;--> statement-breakpoint
DROP TABLE `run_journal`;--> statement-breakpoint
ALTER TABLE `__new_run_journal` RENAME TO `run_journal`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `run_journal_run_key_idx` ON `run_journal` (`run_id`,`key`);
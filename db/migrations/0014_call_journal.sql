CREATE TABLE `run_journal` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
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
CREATE UNIQUE INDEX `run_journal_run_key_idx` ON `run_journal` (`run_id`,`key`);--> statement-breakpoint
CREATE INDEX `run_journal_reuse_idx` ON `run_journal` (`run_id`,`kind`,`node`,`request_hash`);--> statement-breakpoint
-- Hand-edited: the recorded calls of existing runs move into the journal before the old tables go.
-- First run_calls (node and request digest, in the order they were recorded), with the time the
-- activity row kept; then activities rows run_calls lacks (recorded before digests were kept: node
-- unknown (''), no digest, so they are recalled by attempt key but never reused).
INSERT INTO `run_journal` (`run_id`, `key`, `kind`, `node`, `request_hash`, `result`, `error`, `usage`, `reused`, `created_at`)
SELECT c.`run_id`, c.`key`, c.`kind`, c.`node`, c.`request_hash`, c.`result`,
	CASE WHEN c.`kind` = 'tool' THEN json_extract(c.`result`, '$.error') END,
	CASE WHEN c.`kind` = 'llm' THEN json_extract(c.`result`, '$.usage') END,
	0, COALESCE(a.`created_at`, cast(unixepoch('subsecond') * 1000 as integer))
FROM `run_calls` c LEFT JOIN `activities` a ON a.`run_id` = c.`run_id` AND a.`key` = c.`key`
ORDER BY c.`id`;--> statement-breakpoint
INSERT INTO `run_journal` (`run_id`, `key`, `kind`, `node`, `request_hash`, `result`, `error`, `usage`, `reused`, `created_at`)
SELECT a.`run_id`, a.`key`, a.`kind`, '', NULL, a.`result`,
	CASE WHEN a.`kind` = 'tool' THEN json_extract(a.`result`, '$.error') END,
	CASE WHEN a.`kind` = 'llm' THEN json_extract(a.`result`, '$.usage') END,
	0, a.`created_at`
FROM `activities` a
WHERE NOT EXISTS (SELECT 1 FROM `run_calls` c WHERE c.`run_id` = a.`run_id` AND c.`key` = a.`key`)
ORDER BY a.`created_at`, a.`key`;--> statement-breakpoint
DROP TABLE `run_calls`;--> statement-breakpoint
DROP TABLE `activities`;
ALTER TABLE `runs` ADD `api_key_id` text;--> statement-breakpoint
CREATE INDEX `runs_api_key_idx` ON `runs` (`api_key_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `api_keys` ADD `max_cost_usd` real;
ALTER TABLE `graph_versions` ADD `note` text;--> statement-breakpoint
ALTER TABLE `graph_versions` ADD `auto` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `graph_versions` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `graphs` ADD `draft` text;--> statement-breakpoint
ALTER TABLE `runs` ADD `connection_override` text;
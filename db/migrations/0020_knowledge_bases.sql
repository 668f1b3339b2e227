CREATE TABLE `knowledge_bases` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`embedding_connection` text,
	`embedding_model` text,
	`chunk_chars` integer DEFAULT 1000 NOT NULL,
	`chunk_overlap` integer DEFAULT 100 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `knowledge_bases_workspace_name` ON `knowledge_bases` (`workspace_id`,`name`);--> statement-breakpoint
CREATE TABLE `knowledge_chunks` (
	`id` integer PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`base_id` text NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	`section` text,
	`page` integer,
	`vector` blob,
	FOREIGN KEY (`document_id`) REFERENCES `knowledge_documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `knowledge_chunks_base` ON `knowledge_chunks` (`base_id`);--> statement-breakpoint
CREATE INDEX `knowledge_chunks_document` ON `knowledge_chunks` (`document_id`,`position`);--> statement-breakpoint
CREATE TABLE `knowledge_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`base_id` text NOT NULL,
	`name` text NOT NULL,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`content_hash` text NOT NULL,
	`source_url` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`progress_done` integer DEFAULT 0 NOT NULL,
	`progress_total` integer DEFAULT 0 NOT NULL,
	`error` text,
	`chunk_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`base_id`) REFERENCES `knowledge_bases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `knowledge_documents_base_hash` ON `knowledge_documents` (`base_id`,`content_hash`);--> statement-breakpoint
CREATE INDEX `knowledge_documents_base` ON `knowledge_documents` (`base_id`);--> statement-breakpoint
-- Keyword search (db/knowledge.ts): FTS5 over the chunks' section and text, kept in step by triggers.
CREATE VIRTUAL TABLE `knowledge_chunks_fts` USING fts5(section, text, content='knowledge_chunks', content_rowid='id', tokenize='porter unicode61');--> statement-breakpoint
CREATE TRIGGER `knowledge_chunks_fts_insert` AFTER INSERT ON `knowledge_chunks` BEGIN
  INSERT INTO knowledge_chunks_fts(rowid, section, text) VALUES (new.id, coalesce(new.section, ''), new.text);
END;--> statement-breakpoint
CREATE TRIGGER `knowledge_chunks_fts_delete` AFTER DELETE ON `knowledge_chunks` BEGIN
  INSERT INTO knowledge_chunks_fts(knowledge_chunks_fts, rowid, section, text) VALUES ('delete', old.id, coalesce(old.section, ''), old.text);
END;--> statement-breakpoint
CREATE TRIGGER `knowledge_chunks_fts_update` AFTER UPDATE OF section, text ON `knowledge_chunks` BEGIN
  INSERT INTO knowledge_chunks_fts(knowledge_chunks_fts, rowid, section, text) VALUES ('delete', old.id, coalesce(old.section, ''), old.text);
  INSERT INTO knowledge_chunks_fts(rowid, section, text) VALUES (new.id, coalesce(new.section, ''), new.text);
END;

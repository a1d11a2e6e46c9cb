CREATE TABLE `content_translations` (
	`kind` text NOT NULL,
	`ref_id` integer NOT NULL,
	`field` text NOT NULL,
	`locale` text NOT NULL,
	`text` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`kind`, `locale`, `ref_id`, `field`)
);

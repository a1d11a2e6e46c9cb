CREATE TABLE `temple_aliases` (
	`id` integer PRIMARY KEY NOT NULL,
	`temple_id` integer NOT NULL,
	`text` text NOT NULL,
	`language` text NOT NULL,
	`status` text DEFAULT 'proposed' NOT NULL,
	`proposed_by` integer,
	`reviewed_by` integer,
	`reviewed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`proposed_by`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reviewed_by`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `temple_aliases_temple_text` ON `temple_aliases` (`temple_id`,"text" collate nocase);--> statement-breakpoint
CREATE INDEX `temple_aliases_status` ON `temple_aliases` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `temple_search_keys` ADD `aliases` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `temple_search_keys` ADD `deities` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `temples` ADD `pilgrimage_weight` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `temples` ADD `prominence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `temples_search_rank` ON `temples` (`id`,`prominence`,`state_id`,`district_id`);--> statement-breakpoint
CREATE INDEX `favourites_created` ON `favourites` (`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_booking_date` ON `transactions` (`booking_date`);
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY NOT NULL,
	`actor_id` integer NOT NULL,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`temple_id` integer,
	`detail` text DEFAULT '{}' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_temple_created` ON `audit_log` (`temple_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_created` ON `audit_log` (`created_at`);
CREATE TABLE `temple_alerts` (
	`temple_id` integer PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`new_bookings` integer DEFAULT true NOT NULL,
	`morning_digest` integer DEFAULT true NOT NULL,
	`updated_by` integer NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`updated_by`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `customers` ADD `notifications_seen_at` text;--> statement-breakpoint
CREATE INDEX `notifications_recent` ON `notifications` (`created_at`,`channel`,`status`);
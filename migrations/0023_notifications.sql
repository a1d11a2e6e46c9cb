CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` integer,
	`kind` text NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`language` text NOT NULL,
	`subject` text,
	`text` text,
	`html` text,
	`params` text DEFAULT '{}' NOT NULL,
	`tracking_no` text,
	`temple_id` integer,
	`line_id` integer,
	`dedupe_key` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_until` text,
	`provider_id` text,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`sent_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `notifications_customer` ON `notifications` (`customer_id`,"created_at" desc);--> statement-breakpoint
CREATE INDEX `notifications_status` ON `notifications` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_provider` ON `notifications` (`provider_id`);--> statement-breakpoint
CREATE INDEX `notifications_recipient` ON `notifications` (`recipient`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe` ON `notifications` (`dedupe_key`);--> statement-breakpoint
CREATE TABLE `release_reminders` (
	`customer_id` integer NOT NULL,
	`release_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`customer_id`, `release_id`),
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`release_id`) REFERENCES `puja_releases`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `release_reminders_release` ON `release_reminders` (`release_id`);--> statement-breakpoint
ALTER TABLE `customers` ADD `whatsapp_opt_in` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `sms_opt_in` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `reminders_opt_in` integer DEFAULT true NOT NULL;
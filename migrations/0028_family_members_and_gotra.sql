CREATE TABLE `family_members` (
	`id` integer PRIMARY KEY NOT NULL,
	`customer_id` integer NOT NULL,
	`name` text NOT NULL,
	`relation` text NOT NULL,
	`star_id` integer,
	`gotra` text DEFAULT '' NOT NULL,
	`rashi` text DEFAULT '' NOT NULL,
	`date_of_birth` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`star_id`) REFERENCES `stars`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `family_members_customer` ON `family_members` (`customer_id`);--> statement-breakpoint
ALTER TABLE `cart_items` ADD `gotra` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `gotra` text;--> statement-breakpoint
ALTER TABLE `transaction_lines` ADD `gotra` text;
CREATE TABLE `phone_codes` (
	`id` integer PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`purpose` text NOT NULL,
	`customer_id` integer,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`choice_hash` text,
	`chosen_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `phone_codes_phone` ON `phone_codes` (`phone`,`purpose`,`created_at`);--> statement-breakpoint
CREATE INDEX `phone_codes_customer` ON `phone_codes` (`customer_id`);--> statement-breakpoint
ALTER TABLE `customers` ADD `phone_verified_at` text;--> statement-breakpoint
CREATE INDEX `customers_phone_mobile` ON `customers` (`phone_mobile`);
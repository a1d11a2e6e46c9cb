CREATE TABLE `temple_trust` (
	`temple_id` integer PRIMARY KEY NOT NULL,
	`trust_name` text DEFAULT '' NOT NULL,
	`trust_address` text DEFAULT '' NOT NULL,
	`registration_no` text DEFAULT '' NOT NULL,
	`bank_account_holder` text DEFAULT '' NOT NULL,
	`authorised_person` text DEFAULT '' NOT NULL,
	`checked_pan` text,
	`checked_80g` text,
	`valid_80g_from` text,
	`valid_80g_to` text,
	`renovation_only` integer DEFAULT false NOT NULL,
	`documents_checked_at` text,
	`documents_checked_by` integer,
	`staff_confirmed_at` text,
	`staff_confirmed_by` integer,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`documents_checked_by`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`staff_confirmed_by`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `customers` ADD `pan` text;--> statement-breakpoint
ALTER TABLE `donation_purposes` ADD `description` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `donation_purposes` ADD `renovation` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `temples` ADD `verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `transaction_lines_type_temple` ON `transaction_lines` (`item_type`,`temple_id`);--> statement-breakpoint
-- The donor's PAN is kept once per customer (their newest one), no longer on each cart or booked line.
UPDATE `customers` SET `pan` = (SELECT l.`pan` FROM `transaction_lines` l JOIN `transactions` t ON t.`id` = l.`transaction_id`
  WHERE t.`customer_id` = `customers`.`id` AND l.`pan` IS NOT NULL ORDER BY l.`id` DESC LIMIT 1) WHERE `pan` IS NULL;--> statement-breakpoint
UPDATE `customers` SET `pan` = (SELECT c.`pan` FROM `cart_items` c WHERE c.`customer_id` = `customers`.`id` AND c.`pan` IS NOT NULL
  ORDER BY c.`id` DESC LIMIT 1) WHERE `pan` IS NULL;--> statement-breakpoint
ALTER TABLE `transaction_lines` DROP COLUMN `pan`;--> statement-breakpoint
ALTER TABLE `cart_items` DROP COLUMN `pan`;--> statement-breakpoint
-- Public pages show verification (temples.verified has its triggers since 0011): the trust's checks too.
CREATE TRIGGER `temple_trust_insert_content` AFTER INSERT ON `temple_trust` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temple_trust_update_content` AFTER UPDATE ON `temple_trust` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temple_trust_delete_content` AFTER DELETE ON `temple_trust` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TABLE `payment_refunds` (
	`id` integer PRIMARY KEY NOT NULL,
	`payment_order_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`payment_ref` text NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'due' NOT NULL,
	`refund_ref` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`payment_order_id`) REFERENCES `payment_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_refunds_payment_ref_unique` ON `payment_refunds` (`payment_ref`);--> statement-breakpoint
CREATE INDEX `payment_refunds_status` ON `payment_refunds` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_expires` ON `rate_limits` (`expires_at`);--> statement-breakpoint
CREATE TABLE `video_uploads` (
	`id` integer PRIMARY KEY NOT NULL,
	`temple_id` integer NOT NULL,
	`line_id` integer NOT NULL,
	`key` text NOT NULL,
	`upload_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `video_uploads_key_unique` ON `video_uploads` (`key`);--> statement-breakpoint
CREATE INDEX `video_uploads_temple` ON `video_uploads` (`temple_id`);--> statement-breakpoint
CREATE INDEX `video_uploads_created` ON `video_uploads` (`created_at`);--> statement-breakpoint
PRAGMA defer_foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__new_cart_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`item_type` text NOT NULL,
	`temple_id` integer NOT NULL,
	`temple_puja_id` integer,
	`donation_purpose_id` integer,
	`request_id` integer,
	`package_id` integer,
	`devotee_name` text NOT NULL,
	`star_id` integer,
	`puja_date` text,
	`quantity` integer DEFAULT 1 NOT NULL,
	`donation_amount` integer DEFAULT 0 NOT NULL,
	`postal` integer DEFAULT false NOT NULL,
	`shipping_address_id` integer,
	`pan` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_puja_id`) REFERENCES `temple_pujas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`donation_purpose_id`) REFERENCES `donation_purposes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`request_id`) REFERENCES `requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`star_id`) REFERENCES `stars`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`shipping_address_id`) REFERENCES `addresses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_cart_items`("id", "customer_id", "item_type", "temple_id", "temple_puja_id", "donation_purpose_id", "request_id", "package_id", "devotee_name", "star_id", "puja_date", "quantity", "donation_amount", "postal", "shipping_address_id", "pan", "created_at") SELECT "id", "customer_id", "item_type", "temple_id", "temple_puja_id", "donation_purpose_id", "request_id", "package_id", "devotee_name", "star_id", "puja_date", "quantity", "donation_amount", "postal", "shipping_address_id", "pan", "created_at" FROM `cart_items`;--> statement-breakpoint
DROP TABLE `cart_items`;--> statement-breakpoint
ALTER TABLE `__new_cart_items` RENAME TO `cart_items`;--> statement-breakpoint
PRAGMA defer_foreign_keys=OFF;--> statement-breakpoint
CREATE INDEX `cart_items_customer` ON `cart_items` (`customer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `cart_items_request` ON `cart_items` (`request_id`);--> statement-breakpoint
ALTER TABLE `donation_purposes` ADD `changed_at` text;--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `expires_at` text;--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `paid_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payment_orders_open` ON `payment_orders` (`customer_id`) WHERE status = 'created';--> statement-breakpoint
ALTER TABLE `temple_pujas` ADD `changed_at` text;--> statement-breakpoint
ALTER TABLE `temples` ADD `booking_changed_at` text;--> statement-breakpoint
ALTER TABLE `transaction_lines` ADD `cart_item_id` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `transaction_lines_cart_item` ON `transaction_lines` (`cart_item_id`);
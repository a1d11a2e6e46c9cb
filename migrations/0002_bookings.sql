CREATE TABLE `cart_items` (
	`id` integer PRIMARY KEY NOT NULL,
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
CREATE INDEX `cart_items_customer` ON `cart_items` (`customer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `cart_items_request` ON `cart_items` (`request_id`);--> statement-breakpoint
CREATE TABLE `payment_orders` (
	`id` integer PRIMARY KEY NOT NULL,
	`customer_id` integer NOT NULL,
	`provider` text NOT NULL,
	`provider_order_id` text NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`lines` text NOT NULL,
	`payment_ref` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_orders_provider_order_id_unique` ON `payment_orders` (`provider_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_orders_payment_ref_unique` ON `payment_orders` (`payment_ref`);--> statement-breakpoint
CREATE INDEX `payment_orders_customer` ON `payment_orders` (`customer_id`,`status`);--> statement-breakpoint
ALTER TABLE `transaction_lines` ADD `request_id` integer REFERENCES requests(id);--> statement-breakpoint
ALTER TABLE `transactions` ADD `payment_order_id` integer REFERENCES payment_orders(id);--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_payment_order` ON `transactions` (`payment_order_id`);--> statement-breakpoint
CREATE INDEX `temples_website` ON `temples` (`website`);
CREATE TABLE `addresses` (
	`id` integer PRIMARY KEY NOT NULL,
	`customer_id` integer NOT NULL,
	`name` text NOT NULL,
	`line1` text NOT NULL,
	`line2` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`district` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`country` text DEFAULT 'India' NOT NULL,
	`postal_code` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `addresses_customer` ON `addresses` (`customer_id`);--> statement-breakpoint
CREATE TABLE `contact_requests` (
	`id` integer PRIMARY KEY NOT NULL,
	`email_or_phone` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`type` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `customers` (
	`id` integer PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`phone_mobile` text DEFAULT '' NOT NULL,
	`phone_wired` text DEFAULT '' NOT NULL,
	`house_no` text DEFAULT '' NOT NULL,
	`house_name` text DEFAULT '' NOT NULL,
	`street_name` text DEFAULT '' NOT NULL,
	`post_office` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`district` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`country` text DEFAULT 'India' NOT NULL,
	`postal_code` text DEFAULT '' NOT NULL,
	`star_id` integer,
	`dob` text DEFAULT '1990-01-01' NOT NULL,
	`password_hash` text NOT NULL,
	`verified` integer DEFAULT false NOT NULL,
	`role` text DEFAULT 'customer' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`star_id`) REFERENCES `stars`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_email_unique` ON `customers` (`email`);--> statement-breakpoint
CREATE TABLE `deities` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`image_path` text NOT NULL,
	`display_order` integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deities_name_unique` ON `deities` (`name`);--> statement-breakpoint
CREATE INDEX `deities_name_nocase` ON `deities` ("name" collate nocase);--> statement-breakpoint
CREATE TABLE `districts` (
	`id` integer PRIMARY KEY NOT NULL,
	`state_id` integer NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`state_id`) REFERENCES `states`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `districts_state_name` ON `districts` (`state_id`,`name`);--> statement-breakpoint
CREATE TABLE `donation_purposes` (
	`id` integer PRIMARY KEY NOT NULL,
	`temple_id` integer NOT NULL,
	`name` text NOT NULL,
	`preset_amounts` text DEFAULT '' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `donation_purposes_temple` ON `donation_purposes` (`temple_id`);--> statement-breakpoint
CREATE TABLE `favourites` (
	`customer_id` integer NOT NULL,
	`temple_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`customer_id`, `temple_id`),
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `job_enquiries` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`comments` text DEFAULT '' NOT NULL,
	`job_type` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`temple_id` integer,
	`language_id` integer DEFAULT 1 NOT NULL,
	`header` text NOT NULL,
	`body` text NOT NULL,
	`image_path` text,
	`footer_url` text,
	`display_order` integer DEFAULT 100 NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `messages_kind_dates` ON `messages` (`kind`,`start_date`,`end_date`);--> statement-breakpoint
CREATE INDEX `messages_temple` ON `messages` (`temple_id`);--> statement-breakpoint
CREATE TABLE `newsletter_subscriptions` (
	`id` integer PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscriptions_email_unique` ON `newsletter_subscriptions` (`email`);--> statement-breakpoint
CREATE TABLE `package_items` (
	`package_id` integer NOT NULL,
	`temple_puja_id` integer NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`package_id`, `temple_puja_id`),
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_puja_id`) REFERENCES `temple_pujas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `packages` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`home_page_short_desc` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`image_path` text NOT NULL,
	`display_order` integer DEFAULT 100 NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX `packages_active_order` ON `packages` (`active`,`display_order`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` integer PRIMARY KEY NOT NULL,
	`customer_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `password_resets_customer` ON `password_resets` (`customer_id`);--> statement-breakpoint
CREATE TABLE `priest_pujas` (
	`priest_id` integer NOT NULL,
	`puja_id` integer NOT NULL,
	PRIMARY KEY(`priest_id`, `puja_id`),
	FOREIGN KEY (`priest_id`) REFERENCES `priests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`puja_id`) REFERENCES `pujas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `priest_pujas_puja` ON `priest_pujas` (`puja_id`,`priest_id`);--> statement-breakpoint
CREATE TABLE `priest_temples` (
	`priest_id` integer NOT NULL,
	`temple_id` integer NOT NULL,
	PRIMARY KEY(`priest_id`, `temple_id`),
	FOREIGN KEY (`priest_id`) REFERENCES `priests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `priest_temples_temple` ON `priest_temples` (`temple_id`,`priest_id`);--> statement-breakpoint
CREATE TABLE `priests` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text,
	`phone` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `priests_name_nocase` ON `priests` ("name" collate nocase);--> statement-breakpoint
CREATE TABLE `pujas` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pujas_name_unique` ON `pujas` (`name`);--> statement-breakpoint
CREATE INDEX `pujas_name_nocase` ON `pujas` ("name" collate nocase);--> statement-breakpoint
CREATE TABLE `requests` (
	`id` integer PRIMARY KEY NOT NULL,
	`customer_id` integer NOT NULL,
	`temple_id` integer NOT NULL,
	`temple_puja_id` integer NOT NULL,
	`devotee_name` text NOT NULL,
	`devotee_star_id` integer,
	`puja_date` text NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`rate` integer DEFAULT 0 NOT NULL,
	`postal_charge` integer DEFAULT 0 NOT NULL,
	`address_id` integer,
	`shipping_id` integer,
	`status` integer DEFAULT 2 NOT NULL,
	`staff_note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_puja_id`) REFERENCES `temple_pujas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`devotee_star_id`) REFERENCES `stars`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`address_id`) REFERENCES `addresses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`shipping_id`) REFERENCES `addresses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `requests_customer_status` ON `requests` (`customer_id`,`status`);--> statement-breakpoint
CREATE INDEX `requests_temple_status` ON `requests` (`temple_id`,`status`);--> statement-breakpoint
CREATE TABLE `signup_verifications` (
	`id` integer PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`phone_mobile` text NOT NULL,
	`password_hash` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`consumed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `signup_verifications_email` ON `signup_verifications` (`email`);--> statement-breakpoint
CREATE TABLE `stars` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stars_name_unique` ON `stars` (`name`);--> statement-breakpoint
CREATE TABLE `states` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `states_name_unique` ON `states` (`name`);--> statement-breakpoint
CREATE TABLE `temple_deities` (
	`temple_id` integer NOT NULL,
	`deity_id` integer NOT NULL,
	`is_principal` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`temple_id`, `deity_id`),
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`deity_id`) REFERENCES `deities`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `temple_deities_deity` ON `temple_deities` (`deity_id`,`temple_id`);--> statement-breakpoint
CREATE TABLE `temple_pujas` (
	`id` integer PRIMARY KEY NOT NULL,
	`temple_id` integer NOT NULL,
	`puja_id` integer NOT NULL,
	`rate` integer DEFAULT 0 NOT NULL,
	`postal_charge` integer DEFAULT 0 NOT NULL,
	`booking_mode` text DEFAULT 'direct' NOT NULL,
	`days_offered` text DEFAULT '0123456' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`puja_id`) REFERENCES `pujas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `temple_pujas_temple_puja` ON `temple_pujas` (`temple_id`,`puja_id`);--> statement-breakpoint
CREATE INDEX `temple_pujas_puja` ON `temple_pujas` (`puja_id`,`temple_id`);--> statement-breakpoint
CREATE TABLE `temple_registrations` (
	`id` integer PRIMARY KEY NOT NULL,
	`temple_name` text NOT NULL,
	`location` text NOT NULL,
	`contact_person` text NOT NULL,
	`phone` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `temple_staff` (
	`customer_id` integer NOT NULL,
	`temple_id` integer NOT NULL,
	PRIMARY KEY(`customer_id`, `temple_id`),
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `temple_staff_temple` ON `temple_staff` (`temple_id`);--> statement-breakpoint
CREATE TABLE `temples` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`display_name` text NOT NULL,
	`image_url` text NOT NULL,
	`street_name` text DEFAULT '' NOT NULL,
	`district_id` integer NOT NULL,
	`state_id` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`meta_description` text DEFAULT '' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`online_booking` integer DEFAULT false NOT NULL,
	`is_assisted` integer DEFAULT false NOT NULL,
	`registration_80g` text,
	`pan` text,
	`phone` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`district_id`) REFERENCES `districts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`state_id`) REFERENCES `states`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `temples_slug_unique` ON `temples` (`slug`);--> statement-breakpoint
CREATE INDEX `temples_name_nocase` ON `temples` ("name" collate nocase);--> statement-breakpoint
CREATE INDEX `temples_state_district` ON `temples` (`state_id`,`district_id`);--> statement-breakpoint
CREATE INDEX `temples_district` ON `temples` (`district_id`);--> statement-breakpoint
CREATE INDEX `temples_online` ON `temples` (`online_booking`);--> statement-breakpoint
CREATE TABLE `transaction_lines` (
	`id` integer PRIMARY KEY NOT NULL,
	`transaction_id` integer NOT NULL,
	`item_type` text NOT NULL,
	`temple_id` integer NOT NULL,
	`temple_puja_id` integer,
	`donation_purpose_id` integer,
	`item_name` text NOT NULL,
	`devotee_name` text NOT NULL,
	`star_id` integer,
	`puja_date` text,
	`quantity` integer DEFAULT 1 NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`postal_charge` integer DEFAULT 0 NOT NULL,
	`shipping_address_id` integer,
	`puja_status` text DEFAULT 'booked' NOT NULL,
	`video_key` text,
	`prasad_tracking_no` text,
	`pan` text,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_puja_id`) REFERENCES `temple_pujas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`donation_purpose_id`) REFERENCES `donation_purposes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`star_id`) REFERENCES `stars`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`shipping_address_id`) REFERENCES `addresses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `transaction_lines_transaction` ON `transaction_lines` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `transaction_lines_temple_date` ON `transaction_lines` (`temple_id`,`puja_date`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` integer PRIMARY KEY NOT NULL,
	`customer_id` integer NOT NULL,
	`booking_date` text NOT NULL,
	`receipt_no` text NOT NULL,
	`tracking_no` text NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`total` integer DEFAULT 0 NOT NULL,
	`payment_provider` text DEFAULT 'sandbox' NOT NULL,
	`payment_ref` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_receipt_no_unique` ON `transactions` (`receipt_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_tracking_no_unique` ON `transactions` (`tracking_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_payment_ref_unique` ON `transactions` (`payment_ref`);--> statement-breakpoint
CREATE INDEX `transactions_customer` ON `transactions` (`customer_id`,`booking_date`);
CREATE TABLE `platform_invoices` (
	`id` integer PRIMARY KEY NOT NULL,
	`temple_id` integer NOT NULL,
	`month` text NOT NULL,
	`financial_year` text NOT NULL,
	`sequence` integer NOT NULL,
	`number` text NOT NULL,
	`booking_lines` integer NOT NULL,
	`booked_amount` integer DEFAULT 0 NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`gst` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`issued_at` text NOT NULL,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platform_invoices_number_unique` ON `platform_invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `platform_invoices_temple_month` ON `platform_invoices` (`temple_id`,`month`);--> statement-breakpoint
CREATE UNIQUE INDEX `platform_invoices_year_sequence` ON `platform_invoices` (`financial_year`,`sequence`);--> statement-breakpoint
CREATE TABLE `temple_fees` (
	`id` integer PRIMARY KEY NOT NULL,
	`temple_id` integer NOT NULL,
	`kind` text NOT NULL,
	`percent_basis_points` integer DEFAULT 0 NOT NULL,
	`fixed_paise` integer DEFAULT 0 NOT NULL,
	`effective_from` text NOT NULL,
	`set_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`set_by`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `temple_fees_temple_kind_from` ON `temple_fees` (`temple_id`,`kind`,`effective_from`);
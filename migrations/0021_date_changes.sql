CREATE TABLE `date_changes` (
	`id` integer PRIMARY KEY NOT NULL,
	`transaction_line_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`temple_id` integer NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`note` text,
	`status` text DEFAULT 'asked' NOT NULL,
	`staff_note` text,
	`decided_by` integer,
	`decided_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`transaction_line_id`) REFERENCES `transaction_lines`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `date_changes_temple_status` ON `date_changes` (`temple_id`,`status`);--> statement-breakpoint
CREATE INDEX `date_changes_customer` ON `date_changes` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `date_changes_open_line` ON `date_changes` (`transaction_line_id`) WHERE status = 'asked';
CREATE TABLE `line_refunds` (
	`id` integer PRIMARY KEY NOT NULL,
	`transaction_line_id` integer NOT NULL,
	`transaction_id` integer NOT NULL,
	`payment_ref` text NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`reason` text NOT NULL,
	`requested_by` integer,
	`status` text DEFAULT 'due' NOT NULL,
	`idempotency_key` text NOT NULL,
	`reversal_ref` text,
	`refund_ref` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`transaction_line_id`) REFERENCES `transaction_lines`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `line_refunds_transaction_line_id_unique` ON `line_refunds` (`transaction_line_id`);--> statement-breakpoint
CREATE INDEX `line_refunds_status` ON `line_refunds` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `line_refunds_payment` ON `line_refunds` (`payment_ref`);--> statement-breakpoint
CREATE TABLE `payout_account_changes` (
	`id` integer PRIMARY KEY NOT NULL,
	`temple_id` integer NOT NULL,
	`legal_name` text NOT NULL,
	`business_type` text DEFAULT 'trust' NOT NULL,
	`contact_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`pan` text,
	`beneficiary_name` text NOT NULL,
	`account_number` text NOT NULL,
	`ifsc` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`requested_by` integer NOT NULL,
	`requested_at` text NOT NULL,
	`decided_by` integer,
	`decided_at` text,
	`decision_note` text,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payout_account_changes_temple` ON `payout_account_changes` (`temple_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payout_account_changes_pending` ON `payout_account_changes` (`temple_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE TABLE `payout_transfers` (
	`id` integer PRIMARY KEY NOT NULL,
	`transaction_line_id` integer NOT NULL,
	`transaction_id` integer NOT NULL,
	`temple_id` integer NOT NULL,
	`payment_ref` text NOT NULL,
	`kind` text NOT NULL,
	`booked` integer DEFAULT 0 NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`gst` integer DEFAULT 0 NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`linked_account_id` text NOT NULL,
	`status` text DEFAULT 'due' NOT NULL,
	`transfer_ref` text,
	`on_hold` integer DEFAULT false NOT NULL,
	`hold_until` text,
	`released_at` text,
	`release_reason` text,
	`settlement_ref` text,
	`utr` text,
	`settled_at` text,
	`reversed_amount` integer DEFAULT 0 NOT NULL,
	`reversal_ref` text,
	`reversed_at` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`transaction_line_id`) REFERENCES `transaction_lines`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_transfers_transaction_line_id_unique` ON `payout_transfers` (`transaction_line_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payout_transfers_transfer_ref_unique` ON `payout_transfers` (`transfer_ref`);--> statement-breakpoint
CREATE INDEX `payout_transfers_status` ON `payout_transfers` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `payout_transfers_temple` ON `payout_transfers` (`temple_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payout_transfers_payment` ON `payout_transfers` (`payment_ref`);--> statement-breakpoint
CREATE INDEX `payout_transfers_held` ON `payout_transfers` (`hold_until`) WHERE on_hold = 1;--> statement-breakpoint
CREATE INDEX `payout_transfers_settlement` ON `payout_transfers` (`settlement_ref`);--> statement-breakpoint
CREATE TABLE `temple_payout_accounts` (
	`temple_id` integer PRIMARY KEY NOT NULL,
	`legal_name` text NOT NULL,
	`business_type` text DEFAULT 'trust' NOT NULL,
	`contact_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`pan` text,
	`beneficiary_name` text NOT NULL,
	`account_number` text NOT NULL,
	`ifsc` text NOT NULL,
	`linked_account_id` text,
	`route_product_id` text,
	`activation_status` text,
	`status_at` text,
	`change_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `temple_payout_accounts_linked_account_id_unique` ON `temple_payout_accounts` (`linked_account_id`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `convenience_fee` integer DEFAULT 0 NOT NULL;
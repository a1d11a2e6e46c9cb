CREATE TABLE `gateway_payments` (
	`payment_ref` text PRIMARY KEY NOT NULL,
	`payment_order_id` integer NOT NULL,
	`provider` text NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`fee` integer,
	`tax` integer,
	`source` text NOT NULL,
	`paid_at` text NOT NULL,
	`first_seen_at` text NOT NULL,
	`checked_at` text,
	FOREIGN KEY (`payment_order_id`) REFERENCES `payment_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `gateway_payments_paid` ON `gateway_payments` (`paid_at`);--> statement-breakpoint
CREATE INDEX `gateway_payments_order` ON `gateway_payments` (`payment_order_id`);--> statement-breakpoint
CREATE TABLE `reconciliation_runs` (
	`id` integer PRIMARY KEY NOT NULL,
	`started_at` text NOT NULL,
	`finished_at` text,
	`orders_checked` integer DEFAULT 0 NOT NULL,
	`payments_booked` integer DEFAULT 0 NOT NULL,
	`payments_refunded` integer DEFAULT 0 NOT NULL,
	`refunds_retried` integer DEFAULT 0 NOT NULL,
	`unmatched` text DEFAULT '[]' NOT NULL,
	`errors` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`event` text NOT NULL,
	`payment_ref` text,
	`received_at` text NOT NULL,
	`processed_at` text
);
--> statement-breakpoint
CREATE INDEX `webhook_events_received` ON `webhook_events` (`received_at`);--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `reconciled_at` text;--> statement-breakpoint
CREATE INDEX `payment_orders_reconcile` ON `payment_orders` (`created_at`);--> statement-breakpoint
ALTER TABLE `payment_refunds` ADD `idempotency_key` text;--> statement-breakpoint
ALTER TABLE `payment_refunds` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payment_refunds` ADD `next_attempt_at` text;--> statement-breakpoint
ALTER TABLE `payment_refunds` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `payment_refunds` ADD `started_at` text;--> statement-breakpoint
ALTER TABLE `payment_refunds` ADD `notified_at` text;--> statement-breakpoint
ALTER TABLE `payment_refunds` ADD `outside_reference` text;--> statement-breakpoint
ALTER TABLE `payment_refunds` ADD `outside_reason` text;--> statement-breakpoint
ALTER TABLE `payment_refunds` ADD `settled_by` integer REFERENCES customers(id);--> statement-breakpoint
CREATE INDEX `payment_refunds_order` ON `payment_refunds` (`payment_order_id`);--> statement-breakpoint
-- Payments recorded before the ledger: every booked payment and every refunded one enters it as captured.
INSERT OR IGNORE INTO `gateway_payments` (`payment_ref`, `payment_order_id`, `provider`, `amount`, `status`, `source`, `paid_at`, `first_seen_at`)
SELECT t.`payment_ref`, t.`payment_order_id`, o.`provider`, o.`amount`, 'captured', 'callback', coalesce(o.`paid_at`, o.`created_at`), coalesce(o.`paid_at`, o.`created_at`)
FROM `transactions` t JOIN `payment_orders` o ON o.`id` = t.`payment_order_id`
WHERE t.`payment_ref` IS NOT NULL;--> statement-breakpoint
INSERT OR IGNORE INTO `gateway_payments` (`payment_ref`, `payment_order_id`, `provider`, `amount`, `status`, `source`, `paid_at`, `first_seen_at`)
SELECT r.`payment_ref`, r.`payment_order_id`, o.`provider`, r.`amount`, CASE WHEN r.`status` = 'refunded' THEN 'refunded' ELSE 'captured' END, 'callback', r.`created_at`, r.`created_at`
FROM `payment_refunds` r JOIN `payment_orders` o ON o.`id` = r.`payment_order_id`;--> statement-breakpoint
-- Refunds recorded before: their retries use the key the portal has always derived from the payment id.
UPDATE `payment_refunds` SET `idempotency_key` = 'sn_refund_' || `payment_ref` WHERE `idempotency_key` IS NULL;--> statement-breakpoint
UPDATE `payment_refunds` SET `started_at` = coalesce(`updated_at`, `created_at`) WHERE `status` = 'refunded' AND `started_at` IS NULL;

-- Issue 44: housekeeping's sweeps and the ledger's reads by an index of what they ask, at a million bookings.
DROP INDEX `gateway_payments_paid`;--> statement-breakpoint
CREATE INDEX `gateway_payments_paid` ON `gateway_payments` (`paid_at`,`status`,`payment_ref`);--> statement-breakpoint
DROP INDEX `payment_orders_reconcile`;--> statement-breakpoint
CREATE INDEX `payment_orders_open_expiry` ON `payment_orders` (`expires_at`,`created_at`) WHERE status = 'created';--> statement-breakpoint
CREATE INDEX `payment_orders_reconcile` ON `payment_orders` (`created_at`,`provider`,`reconciled_at`);--> statement-breakpoint
CREATE INDEX `payout_transfers_to_check` ON `payout_transfers` (coalesce(`updated_at`, `created_at`)) WHERE transfer_ref is not null and (status = 'created' or (settlement_ref is null and on_hold = 0));--> statement-breakpoint
CREATE INDEX `puja_seats_held_expiry` ON `puja_seats` (`expires_at`) WHERE kind = 'held';--> statement-breakpoint
CREATE INDEX `transactions_created` ON `transactions` (`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_counter_day` ON `transactions` (`booking_date`) WHERE channel = 'counter';--> statement-breakpoint
CREATE INDEX `transaction_lines_puja_day` ON `transaction_lines` (`puja_date`,`item_type`);

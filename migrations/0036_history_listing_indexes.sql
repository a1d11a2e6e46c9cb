CREATE INDEX `payment_refunds_customer` ON `payment_refunds` (`customer_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `transaction_lines_day_sheet` ON `transaction_lines` (`temple_id`,`puja_date`,`item_type`,`item_name`);--> statement-breakpoint
CREATE INDEX `transactions_customer_listed` ON `transactions` (`customer_id`,`booking_date`) WHERE status = 0 and deleted_at is null;
ALTER TABLE `transactions` ADD `channel` text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE `transactions` ADD `sold_by` integer REFERENCES customers(id);--> statement-breakpoint
ALTER TABLE `transactions` ADD `counter_payment` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `counter_payment_ref` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `counter_phone` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `sale_key` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `counter_shift_id` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_sale_key` ON `transactions` (`sale_key`);--> statement-breakpoint
-- A counter sale's seats (kind 'counter') are under the selling staff member's account: the
-- devotee's limit is checked per sale by the sale itself, so those rows neither count toward
-- nor are refused by a devotee's limit. The capacity trigger counts them like any other seat.
DROP TRIGGER `puja_seats_devotee_limit`;--> statement-breakpoint
CREATE TRIGGER `puja_seats_devotee_limit` BEFORE INSERT ON `puja_seats`
WHEN NEW.kind != 'counter' AND (SELECT per_devotee_limit FROM temple_pujas WHERE id = NEW.temple_puja_id) < NEW.quantity + (
    SELECT coalesce(sum(quantity), 0) FROM puja_seats
    WHERE temple_puja_id = NEW.temple_puja_id AND puja_date = NEW.puja_date AND customer_id = NEW.customer_id
      AND kind != 'counter' AND (expires_at IS NULL OR expires_at > NEW.created_at)
  )
BEGIN
  SELECT RAISE(ABORT, 'puja_seats_devotee_limit');
END;

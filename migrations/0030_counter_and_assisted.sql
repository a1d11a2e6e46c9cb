CREATE TABLE `counter_shifts` (
	`id` integer PRIMARY KEY NOT NULL,
	`temple_id` integer NOT NULL,
	`staff_id` integer NOT NULL,
	`day` text NOT NULL,
	`opened_at` text NOT NULL,
	`opening_float` integer DEFAULT 0 NOT NULL,
	`closed_at` text,
	`counted_cash` integer,
	`denominations` text,
	`expected_cash` integer,
	`difference` integer,
	`close_note` text,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`staff_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `counter_shifts_open` ON `counter_shifts` (`temple_id`,`staff_id`) WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX `counter_shifts_temple_day` ON `counter_shifts` (`temple_id`,`day`);--> statement-breakpoint
DROP INDEX `payment_orders_open`;--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `kind` text DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `temple_id` integer REFERENCES temples(id);--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `placed_by` integer REFERENCES customers(id);--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `counter_shift_id` integer REFERENCES counter_shifts(id);--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `pay_url` text;--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `contact` text;--> statement-breakpoint
CREATE INDEX `payment_orders_temple_kind` ON `payment_orders` (`temple_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_orders_open` ON `payment_orders` (`customer_id`) WHERE status = 'created' and kind = 'checkout';--> statement-breakpoint
ALTER TABLE `temple_pujas` ADD `counter_kept` integer;--> statement-breakpoint
ALTER TABLE `temple_pujas` ADD `online_kept` integer;--> statement-breakpoint
ALTER TABLE `temple_staff` ADD `role` text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE `transactions` ADD `channel` text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE `transactions` ADD `sold_by` integer REFERENCES customers(id);--> statement-breakpoint
ALTER TABLE `transactions` ADD `counter_payment` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `counter_payment_ref` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `counter_phone` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `sale_key` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `counter_shift_id` integer REFERENCES counter_shifts(id);--> statement-breakpoint
ALTER TABLE `transactions` ADD `cancelled_at` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `cancelled_by` integer REFERENCES customers(id);--> statement-breakpoint
ALTER TABLE `transactions` ADD `cancel_reason` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `cancel_shift_id` integer REFERENCES counter_shifts(id);--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_sale_key` ON `transactions` (`sale_key`);--> statement-breakpoint
CREATE INDEX `transactions_counter_shift` ON `transactions` (`counter_shift_id`);--> statement-breakpoint
CREATE INDEX `transactions_cancel_shift` ON `transactions` (`cancel_shift_id`);--> statement-breakpoint
-- Taking seats stays one conditional write, now with the counter quota: any insert that would
-- pass the day's capacity is refused as before; an online seat (held, booked, accepted) is also
-- refused past capacity − counter_kept counting online seats, and a counter seat past
-- capacity − online_kept counting counter seats. No capacity (null): unlimited, no quota.
DROP TRIGGER `puja_seats_capacity`;--> statement-breakpoint
CREATE TRIGGER `puja_seats_capacity` BEFORE INSERT ON `puja_seats`
WHEN (
  SELECT c.cap < NEW.quantity + t.total
    OR (NEW.kind != 'counter' AND c.cap - coalesce(p.counter_kept, 0) < NEW.quantity + t.total - t.counter)
    OR (NEW.kind = 'counter' AND c.cap - coalesce(p.online_kept, 0) < NEW.quantity + t.counter)
  FROM (
    SELECT coalesce(
      (SELECT capacity FROM puja_capacity_rules WHERE temple_puja_id = NEW.temple_puja_id AND day = NEW.puja_date),
      (SELECT capacity FROM puja_capacity_rules WHERE temple_puja_id = NEW.temple_puja_id AND weekday = CAST(strftime('%w', NEW.puja_date) AS integer)),
      (SELECT daily_capacity FROM temple_pujas WHERE id = NEW.temple_puja_id)
    ) AS cap
  ) c,
  (SELECT counter_kept, online_kept FROM temple_pujas WHERE id = NEW.temple_puja_id) p,
  (
    SELECT coalesce(sum(quantity), 0) AS total, coalesce(sum(CASE WHEN kind = 'counter' THEN quantity END), 0) AS counter
    FROM puja_seats
    WHERE temple_puja_id = NEW.temple_puja_id AND puja_date = NEW.puja_date
      AND (expires_at IS NULL OR expires_at > NEW.created_at)
  ) t
)
BEGIN
  SELECT RAISE(ABORT, 'puja_seats_full');
END;--> statement-breakpoint
-- A counter sale's seats (kind 'counter') and seats booked under the walk-in account are not a
-- devotee's: the sale checks its own limit, so they neither count toward nor are refused by it.
DROP TRIGGER `puja_seats_devotee_limit`;--> statement-breakpoint
CREATE TRIGGER `puja_seats_devotee_limit` BEFORE INSERT ON `puja_seats`
WHEN NEW.kind != 'counter'
  AND (SELECT role FROM customers WHERE id = NEW.customer_id) != 'walkin'
  AND (SELECT per_devotee_limit FROM temple_pujas WHERE id = NEW.temple_puja_id) < NEW.quantity + (
    SELECT coalesce(sum(quantity), 0) FROM puja_seats
    WHERE temple_puja_id = NEW.temple_puja_id AND puja_date = NEW.puja_date AND customer_id = NEW.customer_id
      AND kind != 'counter' AND (expires_at IS NULL OR expires_at > NEW.created_at)
  )
BEGIN
  SELECT RAISE(ABORT, 'puja_seats_devotee_limit');
END;

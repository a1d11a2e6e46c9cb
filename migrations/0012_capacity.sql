CREATE TABLE `puja_capacity_rules` (
	`id` integer PRIMARY KEY NOT NULL,
	`temple_puja_id` integer NOT NULL,
	`weekday` integer,
	`day` text,
	`capacity` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`temple_puja_id`) REFERENCES `temple_pujas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `puja_capacity_rules_weekday` ON `puja_capacity_rules` (`temple_puja_id`,`weekday`);--> statement-breakpoint
CREATE UNIQUE INDEX `puja_capacity_rules_day` ON `puja_capacity_rules` (`temple_puja_id`,`day`);--> statement-breakpoint
CREATE TABLE `puja_seats` (
	`id` integer PRIMARY KEY NOT NULL,
	`temple_puja_id` integer NOT NULL,
	`temple_id` integer NOT NULL,
	`puja_date` text NOT NULL,
	`quantity` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`kind` text NOT NULL,
	`payment_order_id` integer,
	`cart_item_id` integer,
	`request_id` integer,
	`transaction_line_id` integer,
	`expires_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`temple_puja_id`) REFERENCES `temple_pujas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `puja_seats_day` ON `puja_seats` (`temple_puja_id`,`puja_date`);--> statement-breakpoint
CREATE INDEX `puja_seats_temple_day` ON `puja_seats` (`temple_id`,`puja_date`);--> statement-breakpoint
CREATE INDEX `puja_seats_order` ON `puja_seats` (`payment_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `puja_seats_request` ON `puja_seats` (`request_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `puja_seats_line` ON `puja_seats` (`transaction_line_id`);--> statement-breakpoint
ALTER TABLE `temple_pujas` ADD `daily_capacity` integer;--> statement-breakpoint
ALTER TABLE `temple_pujas` ADD `per_devotee_limit` integer;--> statement-breakpoint
-- Taking seats is one conditional write: an insert that would pass the day's capacity (a
-- date's rule, else its weekday's, else the puja's daily capacity; none of them: unlimited)
-- or the devotee's limit for the day is refused, and the batch it is in rolls back. A hold
-- counts while it has not expired at the moment of the insert (its created_at).
CREATE TRIGGER `puja_seats_capacity` BEFORE INSERT ON `puja_seats`
WHEN coalesce(
    (SELECT capacity FROM puja_capacity_rules WHERE temple_puja_id = NEW.temple_puja_id AND day = NEW.puja_date),
    (SELECT capacity FROM puja_capacity_rules WHERE temple_puja_id = NEW.temple_puja_id AND weekday = CAST(strftime('%w', NEW.puja_date) AS integer)),
    (SELECT daily_capacity FROM temple_pujas WHERE id = NEW.temple_puja_id)
  ) < NEW.quantity + (
    SELECT coalesce(sum(quantity), 0) FROM puja_seats
    WHERE temple_puja_id = NEW.temple_puja_id AND puja_date = NEW.puja_date
      AND (expires_at IS NULL OR expires_at > NEW.created_at)
  )
BEGIN
  SELECT RAISE(ABORT, 'puja_seats_full');
END;--> statement-breakpoint
CREATE TRIGGER `puja_seats_devotee_limit` BEFORE INSERT ON `puja_seats`
WHEN (SELECT per_devotee_limit FROM temple_pujas WHERE id = NEW.temple_puja_id) < NEW.quantity + (
    SELECT coalesce(sum(quantity), 0) FROM puja_seats
    WHERE temple_puja_id = NEW.temple_puja_id AND puja_date = NEW.puja_date AND customer_id = NEW.customer_id
      AND (expires_at IS NULL OR expires_at > NEW.created_at)
  )
BEGIN
  SELECT RAISE(ABORT, 'puja_seats_devotee_limit');
END;--> statement-breakpoint
-- What is already booked or accepted for a day to come takes its seats (no puja is limited yet).
INSERT INTO `puja_seats` (`temple_puja_id`, `temple_id`, `puja_date`, `quantity`, `customer_id`, `kind`, `payment_order_id`, `request_id`, `transaction_line_id`, `created_at`)
SELECT l.temple_puja_id, l.temple_id, l.puja_date, l.quantity, t.customer_id, 'booked', t.payment_order_id, l.request_id, l.id, strftime('%Y-%m-%dT%H:%M:%fZ','now')
FROM transaction_lines l JOIN transactions t ON t.id = l.transaction_id
WHERE l.item_type = 'PUJA' AND l.temple_puja_id IS NOT NULL AND l.puja_date >= date('now') AND l.puja_status != 'cancelled';--> statement-breakpoint
INSERT INTO `puja_seats` (`temple_puja_id`, `temple_id`, `puja_date`, `quantity`, `customer_id`, `kind`, `request_id`, `created_at`)
SELECT r.temple_puja_id, r.temple_id, r.puja_date, r.quantity, r.customer_id, 'accepted', r.id, strftime('%Y-%m-%dT%H:%M:%fZ','now')
FROM requests r WHERE r.status = 1 AND r.puja_date >= date('now');--> statement-breakpoint
-- A day's capacity shows on public pages: its changes raise the content version (seats do not).
CREATE TRIGGER `puja_capacity_rules_insert_content` AFTER INSERT ON `puja_capacity_rules` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `puja_capacity_rules_update_content` AFTER UPDATE ON `puja_capacity_rules` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `puja_capacity_rules_delete_content` AFTER DELETE ON `puja_capacity_rules` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TABLE `ledger_days` (
	`day` text PRIMARY KEY NOT NULL,
	`payments` integer DEFAULT 0 NOT NULL,
	`received` integer DEFAULT 0 NOT NULL,
	`booked` integer DEFAULT 0 NOT NULL,
	`refunded` integer DEFAULT 0 NOT NULL,
	`refund_open` integer DEFAULT 0 NOT NULL,
	`unmatched` integer DEFAULT 0 NOT NULL,
	`unmatched_count` integer DEFAULT 0 NOT NULL,
	`fees` integer DEFAULT 0 NOT NULL,
	`convenience` integer DEFAULT 0 NOT NULL,
	`booked_count` integer DEFAULT 0 NOT NULL,
	`refund_count` integer DEFAULT 0 NOT NULL,
	`counter_at_temple` integer DEFAULT 0 NOT NULL,
	`counter_cancelled` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payout_day_groups` (
	`temple_id` integer NOT NULL,
	`day` text NOT NULL,
	`item_type` text NOT NULL,
	`price` integer,
	`at_temple` integer NOT NULL,
	`cancelled` integer NOT NULL,
	`transfer_status` text,
	`on_hold` integer,
	`settled` integer NOT NULL,
	`lines` integer DEFAULT 0 NOT NULL,
	`price_sum` integer DEFAULT 0 NOT NULL,
	`postage` integer DEFAULT 0 NOT NULL,
	`booked` integer,
	`fee` integer,
	`gst` integer,
	`amount` integer,
	`reversed` integer
);
--> statement-breakpoint
CREATE INDEX `payout_day_groups_temple_day` ON `payout_day_groups` (`temple_id`,`day`);--> statement-breakpoint
CREATE TABLE `settlement_days` (
	`temple_id` integer NOT NULL,
	`day` text NOT NULL,
	`lines` integer DEFAULT 0 NOT NULL,
	`pujas` integer DEFAULT 0 NOT NULL,
	`postage` integer DEFAULT 0 NOT NULL,
	`donations` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`counter_cash` integer DEFAULT 0 NOT NULL,
	`counter_upi` integer DEFAULT 0 NOT NULL,
	`counter_gateway_upi` integer DEFAULT 0 NOT NULL,
	`at_temple` integer DEFAULT 0 NOT NULL,
	`paid_out` integer DEFAULT 0 NOT NULL,
	`cancelled_sales` integer DEFAULT 0 NOT NULL,
	`cancelled` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`temple_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `settlement_days_day` ON `settlement_days` (`day`);--> statement-breakpoint
-- Issue 44: a rolled-up day is deleted whenever a row its sums read changes, so the next read sums it again (live or
-- by a new roll-up): the settlement's and bank view's (temple, booking day), the ledger's India day (of a payment's
-- paid_at, or a counter sale's booking day). Days are found as the reads find them: a line by its booking's date.
CREATE TRIGGER `day_rollups_line_insert` AFTER INSERT ON `transaction_lines` BEGIN
  DELETE FROM `settlement_days` WHERE `temple_id` = NEW.temple_id
    AND `day` = (SELECT substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = NEW.transaction_id);
  DELETE FROM `payout_day_groups` WHERE `temple_id` = NEW.temple_id
    AND `day` = (SELECT substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = NEW.transaction_id);
  DELETE FROM `ledger_days` WHERE `day` = (SELECT substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = NEW.transaction_id);
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_line_update` AFTER UPDATE OF `temple_id`, `transaction_id`, `item_type`, `amount`, `quantity`,
  `postal_charge`, `puja_status`, `booked_at` ON `transaction_lines`
WHEN OLD.temple_id IS NOT NEW.temple_id OR OLD.transaction_id IS NOT NEW.transaction_id OR OLD.item_type IS NOT NEW.item_type
  OR OLD.amount IS NOT NEW.amount OR OLD.quantity IS NOT NEW.quantity OR OLD.postal_charge IS NOT NEW.postal_charge
  OR (OLD.puja_status = 'cancelled') IS NOT (NEW.puja_status = 'cancelled') OR OLD.booked_at IS NOT NEW.booked_at BEGIN
  DELETE FROM `settlement_days` WHERE (`temple_id`, `day`) IN (
    SELECT OLD.temple_id, substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = OLD.transaction_id
    UNION ALL SELECT NEW.temple_id, substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = NEW.transaction_id);
  DELETE FROM `payout_day_groups` WHERE (`temple_id`, `day`) IN (
    SELECT OLD.temple_id, substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = OLD.transaction_id
    UNION ALL SELECT NEW.temple_id, substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = NEW.transaction_id);
  DELETE FROM `ledger_days` WHERE `day` IN (SELECT substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` IN (OLD.transaction_id, NEW.transaction_id));
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_line_delete` AFTER DELETE ON `transaction_lines` BEGIN
  DELETE FROM `settlement_days` WHERE `temple_id` = OLD.temple_id
    AND `day` = (SELECT substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = OLD.transaction_id);
  DELETE FROM `payout_day_groups` WHERE `temple_id` = OLD.temple_id
    AND `day` = (SELECT substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = OLD.transaction_id);
  DELETE FROM `ledger_days` WHERE `day` = (SELECT substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = OLD.transaction_id);
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_transaction_insert` AFTER INSERT ON `transactions` BEGIN
  DELETE FROM `ledger_days` WHERE `day` IN (substr(NEW.booking_date, 1, 10),
    (SELECT date(`paid_at`, '+330 minutes') FROM `gateway_payments` WHERE `payment_ref` = NEW.payment_ref));
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_transaction_update` AFTER UPDATE OF `status`, `cancelled_at`, `channel`, `counter_payment`,
  `booking_date`, `payment_ref`, `convenience_fee` ON `transactions`
WHEN OLD.status IS NOT NEW.status OR OLD.cancelled_at IS NOT NEW.cancelled_at OR OLD.channel IS NOT NEW.channel
  OR OLD.counter_payment IS NOT NEW.counter_payment OR OLD.booking_date IS NOT NEW.booking_date
  OR OLD.payment_ref IS NOT NEW.payment_ref OR OLD.convenience_fee IS NOT NEW.convenience_fee BEGIN
  DELETE FROM `settlement_days` WHERE `day` IN (substr(OLD.booking_date, 1, 10), substr(NEW.booking_date, 1, 10))
    AND `temple_id` IN (SELECT `temple_id` FROM `transaction_lines` WHERE `transaction_id` = NEW.id);
  DELETE FROM `payout_day_groups` WHERE `day` IN (substr(OLD.booking_date, 1, 10), substr(NEW.booking_date, 1, 10))
    AND `temple_id` IN (SELECT `temple_id` FROM `transaction_lines` WHERE `transaction_id` = NEW.id);
  DELETE FROM `ledger_days` WHERE `day` IN (substr(OLD.booking_date, 1, 10), substr(NEW.booking_date, 1, 10),
    (SELECT date(`paid_at`, '+330 minutes') FROM `gateway_payments` WHERE `payment_ref` = OLD.payment_ref),
    (SELECT date(`paid_at`, '+330 minutes') FROM `gateway_payments` WHERE `payment_ref` = NEW.payment_ref));
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_transaction_delete` AFTER DELETE ON `transactions` BEGIN
  DELETE FROM `ledger_days` WHERE `day` IN (substr(OLD.booking_date, 1, 10),
    (SELECT date(`paid_at`, '+330 minutes') FROM `gateway_payments` WHERE `payment_ref` = OLD.payment_ref));
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_payment_insert` AFTER INSERT ON `gateway_payments` BEGIN
  DELETE FROM `ledger_days` WHERE `day` = date(NEW.paid_at, '+330 minutes');
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_payment_update` AFTER UPDATE OF `payment_ref`, `payment_order_id`, `amount`, `status`, `fee`, `tax`,
  `paid_at` ON `gateway_payments`
WHEN OLD.payment_ref IS NOT NEW.payment_ref OR OLD.payment_order_id IS NOT NEW.payment_order_id OR OLD.amount IS NOT NEW.amount
  OR OLD.status IS NOT NEW.status OR OLD.fee IS NOT NEW.fee OR OLD.tax IS NOT NEW.tax OR OLD.paid_at IS NOT NEW.paid_at BEGIN
  DELETE FROM `ledger_days` WHERE `day` IN (date(OLD.paid_at, '+330 minutes'), date(NEW.paid_at, '+330 minutes'));
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_payment_delete` AFTER DELETE ON `gateway_payments` BEGIN
  DELETE FROM `ledger_days` WHERE `day` = date(OLD.paid_at, '+330 minutes');
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_refund_insert` AFTER INSERT ON `payment_refunds` BEGIN
  DELETE FROM `ledger_days` WHERE `day` = (SELECT date(`paid_at`, '+330 minutes') FROM `gateway_payments` WHERE `payment_ref` = NEW.payment_ref);
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_refund_update` AFTER UPDATE OF `payment_ref`, `status` ON `payment_refunds`
WHEN OLD.payment_ref IS NOT NEW.payment_ref OR OLD.status IS NOT NEW.status BEGIN
  DELETE FROM `ledger_days` WHERE `day` IN (SELECT date(`paid_at`, '+330 minutes') FROM `gateway_payments`
    WHERE `payment_ref` IN (OLD.payment_ref, NEW.payment_ref));
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_refund_delete` AFTER DELETE ON `payment_refunds` BEGIN
  DELETE FROM `ledger_days` WHERE `day` = (SELECT date(`paid_at`, '+330 minutes') FROM `gateway_payments` WHERE `payment_ref` = OLD.payment_ref);
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_transfer_insert` AFTER INSERT ON `payout_transfers` BEGIN
  DELETE FROM `settlement_days` WHERE (`temple_id`, `day`) IN (SELECT l.temple_id, substr(t.booking_date, 1, 10)
    FROM `transaction_lines` l JOIN `transactions` t ON t.id = l.transaction_id WHERE l.id = NEW.transaction_line_id);
  DELETE FROM `payout_day_groups` WHERE (`temple_id`, `day`) IN (SELECT l.temple_id, substr(t.booking_date, 1, 10)
    FROM `transaction_lines` l JOIN `transactions` t ON t.id = l.transaction_id WHERE l.id = NEW.transaction_line_id);
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_transfer_update` AFTER UPDATE OF `transaction_line_id`, `status`, `booked`, `fee`, `gst`, `amount`,
  `on_hold`, `settled_at`, `reversed_amount` ON `payout_transfers`
WHEN OLD.transaction_line_id IS NOT NEW.transaction_line_id OR OLD.status IS NOT NEW.status OR OLD.booked IS NOT NEW.booked
  OR OLD.fee IS NOT NEW.fee OR OLD.gst IS NOT NEW.gst OR OLD.amount IS NOT NEW.amount OR OLD.on_hold IS NOT NEW.on_hold
  OR (OLD.settled_at IS NULL) IS NOT (NEW.settled_at IS NULL) OR OLD.reversed_amount IS NOT NEW.reversed_amount BEGIN
  DELETE FROM `settlement_days` WHERE (`temple_id`, `day`) IN (SELECT l.temple_id, substr(t.booking_date, 1, 10)
    FROM `transaction_lines` l JOIN `transactions` t ON t.id = l.transaction_id WHERE l.id IN (OLD.transaction_line_id, NEW.transaction_line_id));
  DELETE FROM `payout_day_groups` WHERE (`temple_id`, `day`) IN (SELECT l.temple_id, substr(t.booking_date, 1, 10)
    FROM `transaction_lines` l JOIN `transactions` t ON t.id = l.transaction_id WHERE l.id IN (OLD.transaction_line_id, NEW.transaction_line_id));
END;--> statement-breakpoint
CREATE TRIGGER `day_rollups_transfer_delete` AFTER DELETE ON `payout_transfers` BEGIN
  DELETE FROM `settlement_days` WHERE (`temple_id`, `day`) IN (SELECT l.temple_id, substr(t.booking_date, 1, 10)
    FROM `transaction_lines` l JOIN `transactions` t ON t.id = l.transaction_id WHERE l.id = OLD.transaction_line_id);
  DELETE FROM `payout_day_groups` WHERE (`temple_id`, `day`) IN (SELECT l.temple_id, substr(t.booking_date, 1, 10)
    FROM `transaction_lines` l JOIN `transactions` t ON t.id = l.transaction_id WHERE l.id = OLD.transaction_line_id);
END;

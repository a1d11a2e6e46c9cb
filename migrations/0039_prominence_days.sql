CREATE TABLE `booking_days` (
	`day` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `temple_booking_days` (
	`day` text NOT NULL,
	`temple_id` integer NOT NULL,
	`bookings` integer NOT NULL,
	PRIMARY KEY(`day`, `temple_id`)
);
--> statement-breakpoint
CREATE INDEX `transaction_lines_booked` ON `transaction_lines` (`booked_at`,`temple_id`,`transaction_id`);--> statement-breakpoint
-- Issue 44: search prominence counts each closed day's bookings once (app/domain/catalog/prominence.ts). A day stops
-- being counted (its booking_days row goes; its temples' rows are replaced when it is counted again) whenever what it
-- counts changes: a line added, removed or moved (temple, booking, date), a booking removed or brought back, its date.
-- The day is the booking's UTC date (substr of transactions.booking_date, which each of its lines copies as booked_at).
CREATE TRIGGER `booking_days_line_insert` AFTER INSERT ON `transaction_lines` BEGIN
  DELETE FROM `booking_days` WHERE `day` = (SELECT substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = NEW.transaction_id);
END;--> statement-breakpoint
CREATE TRIGGER `booking_days_line_update` AFTER UPDATE OF `temple_id`, `transaction_id`, `booked_at` ON `transaction_lines`
WHEN OLD.temple_id IS NOT NEW.temple_id OR OLD.transaction_id IS NOT NEW.transaction_id OR OLD.booked_at IS NOT NEW.booked_at BEGIN
  DELETE FROM `booking_days` WHERE `day` IN (substr(OLD.booked_at, 1, 10), substr(NEW.booked_at, 1, 10),
    (SELECT substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = OLD.transaction_id),
    (SELECT substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = NEW.transaction_id));
END;--> statement-breakpoint
CREATE TRIGGER `booking_days_line_delete` AFTER DELETE ON `transaction_lines` BEGIN
  DELETE FROM `booking_days` WHERE `day` IN (substr(OLD.booked_at, 1, 10),
    (SELECT substr(`booking_date`, 1, 10) FROM `transactions` WHERE `id` = OLD.transaction_id));
END;--> statement-breakpoint
CREATE TRIGGER `booking_days_transaction_update` AFTER UPDATE OF `deleted_at`, `booking_date` ON `transactions`
WHEN (OLD.deleted_at IS NULL) IS NOT (NEW.deleted_at IS NULL) OR OLD.booking_date IS NOT NEW.booking_date BEGIN
  DELETE FROM `booking_days` WHERE `day` IN (substr(OLD.booking_date, 1, 10), substr(NEW.booking_date, 1, 10));
END;--> statement-breakpoint
CREATE TRIGGER `booking_days_transaction_delete` AFTER DELETE ON `transactions` BEGIN
  DELETE FROM `booking_days` WHERE `day` = substr(OLD.booking_date, 1, 10);
END;--> statement-breakpoint
-- The closed days of the last 90 counted now (a loaded state's first housekeeping run then reads no 90 days of lines):
-- the same statements as countBookingDaysSql, for the 89 days before today (UTC).
INSERT INTO `temple_booking_days` (`day`, `temple_id`, `bookings`)
WITH RECURSIVE `days`(`day`) AS (SELECT date('now', '-89 days') UNION ALL SELECT date(`day`, '+1 day') FROM `days` WHERE `day` < date('now', '-1 day'))
SELECT `days`.`day`, l.`temple_id`, count(DISTINCT l.`transaction_id`)
  FROM `days` CROSS JOIN `transaction_lines` l ON l.`booked_at` >= `days`.`day` AND l.`booked_at` < date(`days`.`day`, '+1 day')
  WHERE l.`transaction_id` NOT IN (SELECT `id` FROM `transactions` WHERE `deleted_at` IS NOT NULL)
  GROUP BY `days`.`day`, l.`temple_id`;--> statement-breakpoint
INSERT INTO `booking_days` (`day`)
WITH RECURSIVE `days`(`day`) AS (SELECT date('now', '-89 days') UNION ALL SELECT date(`day`, '+1 day') FROM `days` WHERE `day` < date('now', '-1 day'))
SELECT `day` FROM `days`;

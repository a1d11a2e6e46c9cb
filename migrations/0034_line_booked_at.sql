-- Issue 44: a temple's month is read by temple and booking day from one index, never through all
-- temples' bookings of the month. Each line keeps its booking's booking_date (booked_at), filled
-- by the trigger below on every insert (no writer has to know) and here for the lines there are.
ALTER TABLE `transaction_lines` ADD `booked_at` text;--> statement-breakpoint
UPDATE `transaction_lines` SET `booked_at` = (
  SELECT `booking_date` FROM `transactions` WHERE `transactions`.`id` = `transaction_lines`.`transaction_id`
);--> statement-breakpoint
CREATE INDEX `transaction_lines_temple_booked` ON `transaction_lines` (`temple_id`,`booked_at`,`transaction_id`,`item_type`,`amount`,`quantity`,`postal_charge`,`puja_status`);--> statement-breakpoint
CREATE INDEX `transactions_deleted` ON `transactions` (`id`) WHERE deleted_at is not null;--> statement-breakpoint
-- A booking's date is set when it is written and never changes: its lines copy it as they are inserted.
CREATE TRIGGER `transaction_lines_booked_at` AFTER INSERT ON `transaction_lines` WHEN NEW.booked_at IS NULL BEGIN
  UPDATE `transaction_lines` SET `booked_at` = (SELECT `booking_date` FROM `transactions` WHERE `id` = NEW.transaction_id)
  WHERE `id` = NEW.id;
END;

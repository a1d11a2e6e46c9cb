ALTER TABLE `payment_orders` ADD `release_pass` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payment_orders_release_pass` ON `payment_orders` (`release_pass`);
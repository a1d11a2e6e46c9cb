ALTER TABLE `cart_items` ADD `donor_address` text;--> statement-breakpoint
ALTER TABLE `transaction_lines` ADD `donor_address` text;
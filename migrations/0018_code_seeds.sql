ALTER TABLE `password_resets` ADD `code_seed` text;--> statement-breakpoint
ALTER TABLE `signup_verifications` ADD `code_seed` text;
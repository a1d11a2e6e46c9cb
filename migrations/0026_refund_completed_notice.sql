ALTER TABLE `payment_refunds` ADD `completed_notified_at` text;
--> statement-breakpoint
-- Refunds already complete before this migration are not announced again.
UPDATE `payment_refunds` SET `completed_notified_at` = coalesce(`notified_at`, `updated_at`, `created_at`) WHERE `status` = 'refunded';

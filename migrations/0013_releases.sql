CREATE TABLE `puja_releases` (
	`id` integer PRIMARY KEY NOT NULL,
	`temple_id` integer NOT NULL,
	`temple_puja_id` integer,
	`kind` text NOT NULL,
	`days_ahead` integer,
	`open_time` text,
	`first_day` text,
	`last_day` text,
	`opens_at` text,
	`admission` text DEFAULT 'queue' NOT NULL,
	`admit_per_minute` integer NOT NULL,
	`lobby_minutes` integer NOT NULL,
	`rush_minutes` integer NOT NULL,
	`pass_minutes` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_puja_id`) REFERENCES `temple_pujas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `puja_releases_temple` ON `puja_releases` (`temple_id`,`temple_puja_id`);--> statement-breakpoint
-- Temple sites say when dates open and link to the waiting room: a release's changes raise the content version.
CREATE TRIGGER `puja_releases_insert_content` AFTER INSERT ON `puja_releases` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `puja_releases_update_content` AFTER UPDATE ON `puja_releases` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `puja_releases_delete_content` AFTER DELETE ON `puja_releases` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

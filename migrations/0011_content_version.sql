CREATE TABLE `content_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- One row: the version of what public pages show. Every insert, update and delete on a table
-- those pages read raises it (whoever writes), and the edge cache keys its pages by it.
INSERT INTO `content_version` (`id`, `version`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `stars_insert_content` AFTER INSERT ON `stars` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `stars_update_content` AFTER UPDATE ON `stars` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `stars_delete_content` AFTER DELETE ON `stars` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `states_insert_content` AFTER INSERT ON `states` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `states_update_content` AFTER UPDATE ON `states` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `states_delete_content` AFTER DELETE ON `states` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `districts_insert_content` AFTER INSERT ON `districts` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `districts_update_content` AFTER UPDATE ON `districts` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `districts_delete_content` AFTER DELETE ON `districts` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temples_insert_content` AFTER INSERT ON `temples` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temples_update_content` AFTER UPDATE ON `temples` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temples_delete_content` AFTER DELETE ON `temples` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temple_search_keys_insert_content` AFTER INSERT ON `temple_search_keys` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temple_search_keys_update_content` AFTER UPDATE ON `temple_search_keys` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temple_search_keys_delete_content` AFTER DELETE ON `temple_search_keys` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `deities_insert_content` AFTER INSERT ON `deities` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `deities_update_content` AFTER UPDATE ON `deities` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `deities_delete_content` AFTER DELETE ON `deities` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temple_deities_insert_content` AFTER INSERT ON `temple_deities` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temple_deities_update_content` AFTER UPDATE ON `temple_deities` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temple_deities_delete_content` AFTER DELETE ON `temple_deities` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `pujas_insert_content` AFTER INSERT ON `pujas` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `pujas_update_content` AFTER UPDATE ON `pujas` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `pujas_delete_content` AFTER DELETE ON `pujas` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temple_pujas_insert_content` AFTER INSERT ON `temple_pujas` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temple_pujas_update_content` AFTER UPDATE ON `temple_pujas` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `temple_pujas_delete_content` AFTER DELETE ON `temple_pujas` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `donation_purposes_insert_content` AFTER INSERT ON `donation_purposes` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `donation_purposes_update_content` AFTER UPDATE ON `donation_purposes` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `donation_purposes_delete_content` AFTER DELETE ON `donation_purposes` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `packages_insert_content` AFTER INSERT ON `packages` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `packages_update_content` AFTER UPDATE ON `packages` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `packages_delete_content` AFTER DELETE ON `packages` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `package_items_insert_content` AFTER INSERT ON `package_items` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `package_items_update_content` AFTER UPDATE ON `package_items` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `package_items_delete_content` AFTER DELETE ON `package_items` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `messages_insert_content` AFTER INSERT ON `messages` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `messages_update_content` AFTER UPDATE ON `messages` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `messages_delete_content` AFTER DELETE ON `messages` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `priests_insert_content` AFTER INSERT ON `priests` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `priests_update_content` AFTER UPDATE ON `priests` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `priests_delete_content` AFTER DELETE ON `priests` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `priest_temples_insert_content` AFTER INSERT ON `priest_temples` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `priest_temples_update_content` AFTER UPDATE ON `priest_temples` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `priest_temples_delete_content` AFTER DELETE ON `priest_temples` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `priest_pujas_insert_content` AFTER INSERT ON `priest_pujas` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `priest_pujas_update_content` AFTER UPDATE ON `priest_pujas` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `priest_pujas_delete_content` AFTER DELETE ON `priest_pujas` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_translations_insert_content` AFTER INSERT ON `content_translations` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_translations_update_content` AFTER UPDATE ON `content_translations` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_translations_delete_content` AFTER DELETE ON `content_translations` BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

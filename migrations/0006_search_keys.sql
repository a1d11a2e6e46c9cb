CREATE TABLE `temple_search_keys` (
	`temple_id` integer PRIMARY KEY NOT NULL,
	`keys` text NOT NULL,
	`version` integer NOT NULL,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Forgiving search (app/domain/search-keys.ts): two external-content FTS5 indexes over the
-- folded keys, kept in step by triggers. Word prefixes find "guruvayoor" and "ഗുരുവായൂർ"
-- (both fold to "kuruvayur"); trigrams find candidates for a misspelling ("gurvayur"),
-- which the domain then checks by edit distance.
CREATE VIRTUAL TABLE `temple_key_words` USING fts5(
  keys,
  content = 'temple_search_keys',
  content_rowid = 'temple_id',
  tokenize = 'unicode61',
  prefix = '2 3'
);--> statement-breakpoint
CREATE VIRTUAL TABLE `temple_key_trigrams` USING fts5(
  keys,
  content = 'temple_search_keys',
  content_rowid = 'temple_id',
  tokenize = 'trigram'
);--> statement-breakpoint
CREATE TRIGGER `temple_search_keys_insert` AFTER INSERT ON `temple_search_keys` BEGIN
  INSERT INTO temple_key_words(rowid, keys) VALUES (new.temple_id, new.keys);
  INSERT INTO temple_key_trigrams(rowid, keys) VALUES (new.temple_id, new.keys);
END;--> statement-breakpoint
CREATE TRIGGER `temple_search_keys_delete` AFTER DELETE ON `temple_search_keys` BEGIN
  INSERT INTO temple_key_words(temple_key_words, rowid, keys) VALUES ('delete', old.temple_id, old.keys);
  INSERT INTO temple_key_trigrams(temple_key_trigrams, rowid, keys) VALUES ('delete', old.temple_id, old.keys);
END;--> statement-breakpoint
CREATE TRIGGER `temple_search_keys_update` AFTER UPDATE ON `temple_search_keys` BEGIN
  INSERT INTO temple_key_words(temple_key_words, rowid, keys) VALUES ('delete', old.temple_id, old.keys);
  INSERT INTO temple_key_trigrams(temple_key_trigrams, rowid, keys) VALUES ('delete', old.temple_id, old.keys);
  INSERT INTO temple_key_words(rowid, keys) VALUES (new.temple_id, new.keys);
  INSERT INTO temple_key_trigrams(rowid, keys) VALUES (new.temple_id, new.keys);
END;--> statement-breakpoint
-- A renamed temple's keys are stale: dropped at once (the domain writes new ones; until then
-- the name index still finds it by its own spelling).
CREATE TRIGGER `temples_search_keys_stale` AFTER UPDATE OF name, display_name, district_id ON `temples` BEGIN
  DELETE FROM temple_search_keys WHERE temple_id = old.id;
END;--> statement-breakpoint
CREATE TRIGGER `temples_search_keys_gone` AFTER DELETE ON `temples` BEGIN
  DELETE FROM temple_search_keys WHERE temple_id = old.id;
END;

-- Word-prefix search over temple names for the autocomplete and the temples list:
-- an external-content FTS5 index over temples(name, display_name), kept in step by
-- triggers, so a search stays an index lookup at 10,000+ temples. (Not in schema.ts:
-- drizzle has no virtual tables.)
CREATE VIRTUAL TABLE `temple_search` USING fts5(
  name,
  display_name,
  content = 'temples',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);--> statement-breakpoint
CREATE TRIGGER `temple_search_insert` AFTER INSERT ON `temples` BEGIN
  INSERT INTO temple_search(rowid, name, display_name) VALUES (new.id, new.name, new.display_name);
END;--> statement-breakpoint
CREATE TRIGGER `temple_search_delete` AFTER DELETE ON `temples` BEGIN
  INSERT INTO temple_search(temple_search, rowid, name, display_name) VALUES ('delete', old.id, old.name, old.display_name);
END;--> statement-breakpoint
CREATE TRIGGER `temple_search_update` AFTER UPDATE OF name, display_name ON `temples` BEGIN
  INSERT INTO temple_search(temple_search, rowid, name, display_name) VALUES ('delete', old.id, old.name, old.display_name);
  INSERT INTO temple_search(rowid, name, display_name) VALUES (new.id, new.name, new.display_name);
END;--> statement-breakpoint
INSERT INTO temple_search(temple_search) VALUES ('rebuild');

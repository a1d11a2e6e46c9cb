CREATE TABLE `priest_puja_temples` (
	`puja_id` integer NOT NULL,
	`temple_id` integer NOT NULL,
	PRIMARY KEY(`puja_id`, `temple_id`),
	FOREIGN KEY (`puja_id`) REFERENCES `pujas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`temple_id`) REFERENCES `temples`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Kept in step with the two link tables (the portal never writes them; the seed and imports
-- do): a new link adds the (puja, temple) pairs it makes, a removed one takes away the pairs
-- no other priest of the temple still makes. A changed link is a removal and an addition.
CREATE TRIGGER `priest_pujas_insert` AFTER INSERT ON `priest_pujas` BEGIN
  INSERT OR IGNORE INTO priest_puja_temples (puja_id, temple_id)
    SELECT new.puja_id, pt.temple_id FROM priest_temples pt WHERE pt.priest_id = new.priest_id;
END;--> statement-breakpoint
CREATE TRIGGER `priest_temples_insert` AFTER INSERT ON `priest_temples` BEGIN
  INSERT OR IGNORE INTO priest_puja_temples (puja_id, temple_id)
    SELECT pp.puja_id, new.temple_id FROM priest_pujas pp WHERE pp.priest_id = new.priest_id;
END;--> statement-breakpoint
CREATE TRIGGER `priest_pujas_delete` AFTER DELETE ON `priest_pujas` BEGIN
  DELETE FROM priest_puja_temples
    WHERE puja_id = old.puja_id
      AND temple_id IN (SELECT pt.temple_id FROM priest_temples pt WHERE pt.priest_id = old.priest_id)
      AND NOT EXISTS (SELECT 1 FROM priest_temples pt JOIN priest_pujas pp ON pp.priest_id = pt.priest_id
        WHERE pt.temple_id = priest_puja_temples.temple_id AND pp.puja_id = old.puja_id);
END;--> statement-breakpoint
CREATE TRIGGER `priest_temples_delete` AFTER DELETE ON `priest_temples` BEGIN
  DELETE FROM priest_puja_temples
    WHERE temple_id = old.temple_id
      AND puja_id IN (SELECT pp.puja_id FROM priest_pujas pp WHERE pp.priest_id = old.priest_id)
      AND NOT EXISTS (SELECT 1 FROM priest_pujas pp JOIN priest_temples pt ON pt.priest_id = pp.priest_id
        WHERE pt.temple_id = old.temple_id AND pp.puja_id = priest_puja_temples.puja_id);
END;--> statement-breakpoint
CREATE TRIGGER `priest_pujas_update` AFTER UPDATE ON `priest_pujas` BEGIN
  DELETE FROM priest_puja_temples
    WHERE puja_id = old.puja_id
      AND temple_id IN (SELECT pt.temple_id FROM priest_temples pt WHERE pt.priest_id = old.priest_id)
      AND NOT EXISTS (SELECT 1 FROM priest_temples pt JOIN priest_pujas pp ON pp.priest_id = pt.priest_id
        WHERE pt.temple_id = priest_puja_temples.temple_id AND pp.puja_id = old.puja_id);
  INSERT OR IGNORE INTO priest_puja_temples (puja_id, temple_id)
    SELECT new.puja_id, pt.temple_id FROM priest_temples pt WHERE pt.priest_id = new.priest_id;
END;--> statement-breakpoint
CREATE TRIGGER `priest_temples_update` AFTER UPDATE ON `priest_temples` BEGIN
  DELETE FROM priest_puja_temples
    WHERE temple_id = old.temple_id
      AND puja_id IN (SELECT pp.puja_id FROM priest_pujas pp WHERE pp.priest_id = old.priest_id)
      AND NOT EXISTS (SELECT 1 FROM priest_pujas pp JOIN priest_temples pt ON pt.priest_id = pp.priest_id
        WHERE pt.temple_id = old.temple_id AND pp.puja_id = priest_puja_temples.puja_id);
  INSERT OR IGNORE INTO priest_puja_temples (puja_id, temple_id)
    SELECT pp.puja_id, new.temple_id FROM priest_pujas pp WHERE pp.priest_id = new.priest_id;
END;--> statement-breakpoint
INSERT OR IGNORE INTO priest_puja_temples (puja_id, temple_id)
  SELECT DISTINCT pp.puja_id, pt.temple_id FROM priest_pujas pp JOIN priest_temples pt ON pt.priest_id = pp.priest_id;

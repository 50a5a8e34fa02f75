-- Schema version 3: each game's number of saved actions, kept in the game's row and updated in
-- the same transaction as each action, so a game whose actions were partly lost to damage is
-- seen when it is loaded (SQLite has no checksums: a damaged page can drop rows silently).
--
-- Applied by carcassonne-store in one transaction together with `PRAGMA user_version = 3`.

ALTER TABLE games ADD COLUMN action_count INTEGER NOT NULL DEFAULT 0 CHECK (action_count >= 0);

-- The games of an older store: their actions as they are now (the file passed quick_check).
UPDATE games SET action_count = (SELECT count(*) FROM actions WHERE game_id = games.id);

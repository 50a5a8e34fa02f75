-- Schema version 4: a game played on from a point of another ("play on from here") names
-- that game and how many of its actions it starts with. Deleting the parent keeps the branch.
--
-- Applied by carcassonne-store in one transaction together with `PRAGMA user_version = 4`.

ALTER TABLE games ADD COLUMN parent_id INTEGER REFERENCES games (id) ON DELETE SET NULL;
ALTER TABLE games ADD COLUMN parent_action INTEGER CHECK (parent_action IS NULL OR parent_action >= 0);

-- Schema version 2: the results of finished games, and an index for per-profile statistics.
--
-- Applied by carcassonne-store in one transaction together with `PRAGMA user_version = 2`.

-- Final score of each seat; NULL until the game is finished.
ALTER TABLE game_seats ADD COLUMN score INTEGER CHECK (score IS NULL OR score >= 0);
-- 1 for every winner of a finished game (a tie has several), 0 otherwise.
ALTER TABLE game_seats ADD COLUMN winner INTEGER NOT NULL DEFAULT 0 CHECK (winner IN (0, 1));

-- A version 1 store had nowhere to keep results, so a game it marked 'finished' has none:
-- it becomes 'abandoned', keeping the rule "finished implies every seat has a score".
UPDATE games SET status = 'abandoned' WHERE status = 'finished';

-- Statistics read one profile's seats; deleting a profile (ON DELETE SET NULL) finds them too.
CREATE INDEX game_seats_by_profile ON game_seats (profile_id) WHERE profile_id IS NOT NULL;

-- Schema version 1: profiles, games, their seats and every action of every game.
--
-- Applied by carcassonne-store in one transaction together with `PRAGMA user_version = 1`.
-- Never edit a migration that has shipped: add the next numbered file instead.

-- Marks the file as ours ("Carc"), so another application's SQLite file is refused, not migrated.
PRAGMA application_id = 1130459747;

CREATE TABLE profiles (
    -- AUTOINCREMENT: an id is never reused, so a deleted profile's id never names someone else.
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    name     TEXT    NOT NULL,
    -- The lower-cased name: names are unique case-insensitively (also outside ASCII).
    name_key TEXT    NOT NULL UNIQUE,
    colour   TEXT    NOT NULL,
    created  INTEGER NOT NULL
);

CREATE TABLE games (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The engine's setup as JSON text; the store does not look inside.
    setup   TEXT    NOT NULL,
    -- The u64 seed bit-cast to a signed 64-bit integer (lossless).
    seed    INTEGER NOT NULL,
    status  TEXT    NOT NULL DEFAULT 'playing'
            CHECK (status IN ('playing', 'finished', 'abandoned')),
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL
);

-- The "resume a game" list.
CREATE INDEX games_playing ON games (updated DESC, id DESC) WHERE status = 'playing';

CREATE TABLE game_seats (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),
    -- A person's seat has profile_id (NULL for a guest, or once the profile is deleted);
    -- a bot's seat has bot (its id, e.g. 'easy'). Never both.
    profile_id INTEGER REFERENCES profiles (id) ON DELETE SET NULL,
    bot        TEXT,
    -- Name and colour as they were when the game started: renaming a profile keeps history.
    name       TEXT    NOT NULL,
    colour     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    CHECK (profile_id IS NULL OR bot IS NULL)
) WITHOUT ROWID;

CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- 0, 1, 2, ... without gaps within a game.
    idx     INTEGER NOT NULL CHECK (idx >= 0),
    seat    INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),
    -- The engine's action as JSON text; the store does not look inside.
    action  TEXT    NOT NULL,
    created INTEGER NOT NULL,
    PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;

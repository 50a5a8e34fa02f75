-- Schema version 5: the LAN tables this device joined and has not finished with, so that after
-- the app closes a player takes their seat back, and what the host showed of its fair draw
-- stays pinned for the whole game (a host that restarts with another secret is caught).
--
-- Applied by carcassonne-store in one transaction together with `PRAGMA user_version = 5`.

CREATE TABLE table_links (
    -- The table's `host:port` and room code (upper case): one link per table.
    address  TEXT    NOT NULL,
    room     TEXT    NOT NULL,
    -- Over TLS, and the certificate's SHA-256 fingerprint the join link pinned, if any.
    tls      INTEGER NOT NULL DEFAULT 0 CHECK (tls IN (0, 1)),
    cert_pin TEXT,
    -- This device's seat and the token that takes it back (none: a spectator).
    seat     INTEGER CHECK (seat IS NULL OR seat BETWEEN 0 AND 5),
    token    TEXT,
    -- The name this device sat under.
    name     TEXT    NOT NULL DEFAULT '',
    -- The draw's commitments and shares as the host first showed them (the fair crate's
    -- `Pins`, as JSON text), and this device's own revealed share.
    pins     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(pins)),
    mine     TEXT,
    created  INTEGER NOT NULL,
    updated  INTEGER NOT NULL,
    PRIMARY KEY (address, room),
    CHECK ((seat IS NULL) = (token IS NULL))
);

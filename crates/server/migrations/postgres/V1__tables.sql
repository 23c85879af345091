-- The tables, seats and actions of a cardtable server, as the SQLite store keeps them.
-- `ord` is the order tables were created in (SQLite's rowid); `(table_id, seq)` is the
-- key of an action, so a second writer of the same seq fails instead of forking a game.
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    ord BIGSERIAL NOT NULL UNIQUE,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    points BIGINT NOT NULL,
    seed BIGINT NOT NULL,
    public BOOLEAN NOT NULL,
    bots TEXT NOT NULL,
    autopilot BIGINT NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE,
    created BIGINT NOT NULL,
    deals TEXT NOT NULL DEFAULT '[]',
    house TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX tables_unfinished ON tables (ord) WHERE NOT finished;
CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat BIGINT NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq BIGINT NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);

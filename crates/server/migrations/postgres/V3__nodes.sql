-- Each node as the others see it: where it is reached (for relaying a client's table to
-- the node that runs it) and its public tables (its part of every node's lobby, as JSON),
-- as of `seen` by the database's clock.
CREATE TABLE nodes (
    name TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    lobby TEXT NOT NULL,
    seen TIMESTAMPTZ NOT NULL
);

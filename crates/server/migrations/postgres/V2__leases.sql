-- A node's hold on a table: the table's fencing token only grows (a claim adds one), and
-- a lease runs until `expires` by the database's clock.
CREATE TABLE leases (
    table_id TEXT PRIMARY KEY REFERENCES tables (id),
    node TEXT NOT NULL,
    token BIGINT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);

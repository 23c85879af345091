-- Passkey ceremonies between their start and their finish, kept where every node finds
-- them (a load balancer may send the finish to another node than the start): the
-- ceremony's random id (what the client holds), its kind, its data as JSON (what it
-- began, with webauthn-rs's challenge state: never sent to the client), the address
-- that began it, when it began and when it expires (5 minutes later). A finish deletes
-- its row (`DELETE … RETURNING`: once); each begin sweeps expired rows.
CREATE TABLE ceremonies (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    ceremony TEXT NOT NULL,
    address TEXT NOT NULL,
    began BIGINT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX ceremonies_address ON ceremonies (address, expires);
CREATE INDEX ceremonies_expires ON ceremonies (expires);

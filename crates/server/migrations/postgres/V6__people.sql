-- Rated games and accounts: whether a table's game is rated (people only, each signed in),
-- and the account of the person in each seat (none for a guest, or once the account is
-- deleted). Tables and seats from before are unrated and guests'.
ALTER TABLE tables ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE seats ADD COLUMN account TEXT;
CREATE INDEX seats_account ON seats (account) WHERE account IS NOT NULL;

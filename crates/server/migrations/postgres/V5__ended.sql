-- When each table's game ended, in seconds since 1970: what "my games" dates a game by.
-- Tables that ended before it have none.
ALTER TABLE tables ADD COLUMN ended BIGINT;

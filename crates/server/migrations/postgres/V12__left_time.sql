-- When a seat's person left its game in progress, in seconds since 1970: a rejoin within
-- the grace period clears the leaving, a later one does not (a rated game left is then a
-- loss). Seats left before it have none: long past any grace period.
ALTER TABLE seats ADD COLUMN left_time BIGINT;

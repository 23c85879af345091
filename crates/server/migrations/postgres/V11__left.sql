-- The `seq` at which a seat's person left its game in progress (`leave`): the computer
-- played the seat from then on. Seats from before it were never left.
ALTER TABLE seats ADD COLUMN left_at BIGINT;

-- Whether a seated person may ask the coach, as the table's creator decided. Tables from
-- before it have none: nobody at them agreed to one.
ALTER TABLE tables ADD COLUMN coach BOOLEAN NOT NULL DEFAULT FALSE;

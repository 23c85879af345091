-- How long each computer action waits while anyone watches the table (scene::Speed's
-- names). Tables from before it play at the normal speed.
ALTER TABLE tables ADD COLUMN speed TEXT NOT NULL DEFAULT 'normal';

-- People's ratings (issue 58): each account's rating under a rating key (`euchre/eecs280`),
-- and its rating after every rated game, the rating graph's points. A rating_changes row
-- per (account, table) is what makes a game rate a person at most once; `n` numbers a
-- person's rated games under a key, from 1, in order.
CREATE TABLE ratings (
    account TEXT NOT NULL,
    game TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    PRIMARY KEY (account, game)
);
CREATE INDEX ratings_board ON ratings (game, (mu - 3 * sigma) DESC);
CREATE TABLE rating_changes (
    account TEXT NOT NULL,
    table_id TEXT NOT NULL,
    game TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    place BIGINT NOT NULL,
    won BOOLEAN NOT NULL,
    at BIGINT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (account, table_id)
);
CREATE INDEX rating_changes_table ON rating_changes (table_id);
CREATE INDEX rating_changes_graph ON rating_changes (account, game, n);

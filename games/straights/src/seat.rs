table::seat!(
    /// One of the players (four in the handout, three to eight under the house rule),
    /// numbered from 0 here and printed from 1 as the handout does. Play moves Player
    /// 1 → 2 → … → the last → 1: the round's [`after`](crate::Round::after) says who is
    /// next, since the count is the rules'.
    pub struct Seat(up to 8, shown from 1)
);

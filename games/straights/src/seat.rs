table::seat!(
    /// One of the four players, numbered 0–3 here and printed 1–4 as the handout does.
    /// Play moves Player 1 → 2 → 3 → 4 → 1.
    pub struct Seat(4, shown from 1)
);

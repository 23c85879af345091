table::seat!(
    /// One of the three players, numbered 0–2. Play and the deal move left: 0 → 1 → 2 → 0.
    pub struct Seat(3, shown from 0)
);

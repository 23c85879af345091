//! Who saw an action (its observers), kept as bits: one a seat, then one for spectators. Live play,
//! replays and batches all work it out here, so an observation or an information
//! string reads the same bits whichever way the game came about.

/// The bits of the observers among `seats` seats (then spectators) for whom `saw` holds.
pub(crate) fn mask(seats: usize, saw: impl Fn(Option<usize>) -> bool) -> u16 {
    let observers = (0..seats).map(Some).chain([None]).enumerate();
    observers
        .filter(|&(_, to)| saw(to))
        .fold(0, |bits, (i, _)| bits | 1 << i)
}

/// Whether `to` (a seat, or `None` for a spectator) is among `mask`'s observers.
pub(crate) fn include(mask: u16, seats: usize, to: Option<usize>) -> bool {
    mask >> to.unwrap_or(seats) & 1 == 1
}

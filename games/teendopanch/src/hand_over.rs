//! How a Teen Do Panch hand ends, as the core scores it: each seat's tricks against its
//! quota, and its points.

/// Each seat's tricks, quota and points at a hand's end, by seat number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandOver {
    /// Tricks each seat took.
    pub tricks: [u8; 3],
    /// Each seat's quota.
    pub quotas: [u8; 3],
    /// Points each seat scored.
    pub points: [u32; 3],
}

impl table::HandOver for HandOver {
    fn scored(&self, each: &mut dyn FnMut(usize, u32)) {
        for (seat, points) in self.points.into_iter().enumerate() {
            each(seat, points);
        }
    }
}

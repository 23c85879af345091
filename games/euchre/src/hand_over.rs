//! How a Euchre hand ends, as the core scores it: the hand over every face reads, whose
//! words the staging gives.

/// How a hand ended and was scored; seats by number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandOver {
    /// Nobody made trump: the hand is thrown in, nothing scored.
    ThrownIn,
    /// A player threw in a hand it was allowed to refuse (a McEvoy, house rule): the same
    /// dealer deals again.
    Refused {
        /// Who threw it in.
        by: usize,
    },
    /// The makers took three or four tricks.
    Made {
        /// A seat of the side that made trump.
        makers: usize,
        /// Whether a maker played alone.
        alone: bool,
        /// Tricks the makers took.
        tricks: u8,
        /// Points the makers scored.
        points: u32,
    },
    /// The makers took all five tricks.
    March {
        /// A seat of the side that made trump.
        makers: usize,
        /// Whether a maker played alone.
        alone: bool,
        /// Points the makers scored.
        points: u32,
    },
    /// The makers took fewer than three tricks: the defenders score.
    Euchred {
        /// A seat of the side that made trump.
        makers: usize,
        /// Tricks the makers took.
        tricks: u8,
        /// Points the defenders scored.
        points: u32,
    },
}

/// A seat of the side against `makers`': the next seat round the table.
pub(crate) fn defender(makers: usize) -> usize {
    (makers + 1) % 4
}

impl table::HandOver for HandOver {
    fn scored(&self, each: &mut dyn FnMut(usize, u32)) {
        match *self {
            HandOver::Made { makers, points, .. } | HandOver::March { makers, points, .. } => {
                each(makers, points)
            }
            HandOver::Euchred { makers, points, .. } => each(defender(makers), points),
            HandOver::ThrownIn | HandOver::Refused { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::HandOver;
    use table::HandOver as _;

    fn scored(over: HandOver) -> Vec<(usize, u32)> {
        let mut each = Vec::new();
        over.scored(&mut |seat, points| each.push((seat, points)));
        each
    }

    /// The EECS 280 handout's scoring: makers taking three or four tricks score 1, all
    /// five 2; makers euchred give the other team 2. Partners sit across: seats 0 and 2
    /// against 1 and 3.
    #[test]
    fn a_hand_is_scored_to_the_side_that_won_it() {
        let made = HandOver::Made {
            makers: 3,
            alone: false,
            tricks: 4,
            points: 1,
        };
        assert_eq!(scored(made), [(3, 1)]);
        let euchred = HandOver::Euchred {
            makers: 1,
            tricks: 2,
            points: 2,
        };
        let defenders = scored(euchred);
        assert_eq!(defenders.len(), 1);
        assert!([0, 2].contains(&defenders[0].0), "{defenders:?}");
        assert_eq!(defenders[0].1, 2);
        let euchred = HandOver::Euchred {
            makers: 2,
            tricks: 0,
            points: 2,
        };
        assert!([1, 3].contains(&scored(euchred)[0].0));
        assert!(scored(HandOver::ThrownIn).is_empty());
        assert!(scored(HandOver::Refused { by: 0 }).is_empty());
    }
}

//! Teen Do Panch's computer players for the catalogue's roster: the handout's player and the
//! strong player, which is the expert and the coach.

table::computers!(crate::Game, crate::players::Simple, crate::players::Strong);

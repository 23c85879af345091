//! What a table's snapshots say that does not change once said, worked out once and
//! kept for the next snapshot: each log line's words as each recipient reads them, and
//! the table's title and rules card.
//!
//! A server sends every recipient a snapshot at every accepted action, and each holds
//! the whole hand's log and the hand before's in words: worded afresh, the log was the
//! largest part of building a snapshot (docs/PERFORMANCE.md, issue 59). A line's words
//! depend only on its action and what it did as the recipient may know it, on who
//! receives it and the seats' names, and on the table's rules; the title and the rules
//! card only on the rules and the points to win. So a [`Said`] keeps each line with the
//! [`Moment`] it was worded from and the names it was worded with, and uses it again only
//! when both are the same: a different game (a table rebuilt after a failed store, an
//! action taken back) or a renamed seat words the line again. The words themselves are
//! still made by the scene's one builder ([`crate::Stage`]), never here.

use crate::build::{sentences, table_words, Moment, Sight, Stage, Staged};
use crate::{Logged, Nameplate, RuleLine};

/// The words one table's snapshots keep between them: hold one a table (its rules never
/// change), and build each snapshot with [`crate::shown_saying`].
pub struct Said<A> {
    /// The title and rules card, for the points to win they were worded for.
    table: Option<TableWords>,
    /// Each recipient's log lines.
    heard: Vec<Heard<A>>,
}

impl<A> Default for Said<A> {
    fn default() -> Self {
        Said {
            table: None,
            heard: Vec::new(),
        }
    }
}

/// A table's title in full and in its parts, and its rules card.
struct TableWords {
    points_to_win: u32,
    title: String,
    title_parts: Vec<String>,
    rules: Vec<RuleLine>,
}

/// The lines one recipient was last sent: the hand before's and this hand's, in the
/// order of their `seq`, each with the moment it was worded from.
struct Heard<A> {
    to: Option<usize>,
    /// The seats' names the lines were worded with.
    names: Vec<String>,
    lines: Vec<(Moment<A>, Logged)>,
}

impl<A: Copy + Eq> Said<A> {
    /// The table's title, its parts and its rules card, worded once for
    /// `points_to_win`.
    pub(crate) fn table_words<G: Staged<Action = A>>(
        &mut self,
        game: &Sight<G>,
        points_to_win: u32,
    ) -> (String, Vec<String>, Vec<RuleLine>) {
        let fresh = |words: &TableWords| words.points_to_win == points_to_win;
        let words = match &mut self.table {
            Some(words) if fresh(words) => words,
            table => {
                let (title, title_parts, rules) = table_words(game, points_to_win);
                table.insert(TableWords {
                    points_to_win,
                    title,
                    title_parts,
                    rules,
                })
            }
        };
        (
            words.title.clone(),
            words.title_parts.clone(),
            words.rules.clone(),
        )
    }

    /// The stage's log and the hand before's, in its recipient's words: each line kept
    /// from an earlier snapshot where its moment and the names are the same, else worded
    /// now. Only this snapshot's lines are kept after it.
    pub(crate) fn logs<G: Staged<Action = A>>(
        &mut self,
        game: &Sight<G>,
        stage: &Stage<A>,
    ) -> (Vec<Logged>, Vec<Logged>) {
        let heard = self.heard_by(stage.to, stage.nameplates);
        let mut before = std::mem::take(&mut heard.lines).into_iter().peekable();
        let mut kept = Vec::with_capacity(stage.last_hand.len() + stage.log.len());
        let mut line = |moment: &Moment<A>| {
            // Lines older than this one were of a hand no longer shown.
            while before.next_if(|(m, _)| m.seq < moment.seq).is_some() {}
            let logged = match before.next_if(|(m, _)| m == moment) {
                Some((_, logged)) => logged,
                None => Logged {
                    seq: moment.seq,
                    seat: moment.seat,
                    action: moment.action.map(G::any),
                    words: sentences(game, stage, moment),
                },
            };
            kept.push((moment.clone(), logged.clone()));
            logged
        };
        let last_hand = stage.last_hand.iter().map(&mut line).collect();
        let log = stage.log.iter().map(&mut line).collect();
        heard.lines = kept;
        (log, last_hand)
    }

    /// What `to` was sent before, if worded with these `nameplates`' names; else an empty
    /// record for it, with their names.
    fn heard_by(&mut self, to: Option<usize>, nameplates: &[Nameplate]) -> &mut Heard<A> {
        let at = match self.heard.iter().position(|h| h.to == to) {
            Some(at) => at,
            None => {
                self.heard.push(Heard {
                    to,
                    names: Vec::new(),
                    lines: Vec::new(),
                });
                self.heard.len() - 1
            }
        };
        let heard = &mut self.heard[at];
        let same = heard.names.len() == nameplates.len()
            && (heard.names.iter().zip(nameplates)).all(|(name, plate)| *name == plate.name);
        if !same {
            heard.names = nameplates.iter().map(|p| p.name.clone()).collect();
            heard.lines.clear();
        }
        heard
    }
}

//! The scene built for any game: what each game says of itself ([`Staged`]) put together
//! with the names, the log and the outcomes in one place.

use catalogue::Catalogued;
use table::{HandOver, HappenedIn, Turn};

use super::words::{card_text_at, points, sentence, verb};
use super::Names;
use super::{
    Choice, GameResult, HandCard, HandEnd, Held, Logged, Mark, MarkKind, Middle, Nameplate, Own,
    Phase, Played, Presence, RuleLine, Scene, Score, ScoreRow, SeatPanel, Shown, SideEnd, Tally,
    TallyKind, TrickShown, SCENE_VERSION,
};

/// One accepted action and what it did, as one recipient may know it.
#[derive(Clone, Debug, PartialEq)]
pub struct Moment<G: table::Game> {
    /// The action's number in the game, from 1 (an accepted `act`'s `seq`).
    pub seq: u64,
    /// Who acted.
    pub seat: usize,
    /// The action, or `None` where it is hidden from the recipient (a face-down discard).
    pub action: Option<G::Action>,
    /// What it did.
    pub happened: HappenedIn<G>,
}

impl<G: table::Game> Moment<G> {
    /// `taken`, the game's `seq`th action, as `to` (a seat, or `None` for a spectator)
    /// may know it, or every action face up (a finished game's replay).
    pub fn of(taken: &table::Taken<G>, seq: u64, to: Option<usize>, face_up: bool) -> Moment<G> {
        Moment {
            seq,
            seat: taken.seat,
            action: (face_up || taken.seen_by(to)).then_some(taken.action),
            happened: taken.happened,
        }
    }
}

/// What `to` (a seat, or `None` for a spectator) is shown of a game in progress, with
/// `nameplates` in the seats, for a game to `points_to_win`.
pub fn shown<G: Catalogued>(
    progress: &table::Progress<G>,
    to: Option<usize>,
    nameplates: &[Nameplate],
    points_to_win: u32,
) -> Shown {
    Stage::of(progress, to, false, nameplates, points_to_win).shown(progress.game())
}

/// What a scene is built from besides the game: who receives it, who sits where, and
/// what happened so far as the recipient may know it.
pub struct Stage<'a, G: table::Game> {
    /// The recipient's seat (`None`: a spectator).
    pub to: Option<usize>,
    /// Each seat's name and presence.
    pub nameplates: &'a [Nameplate],
    /// This hand's actions.
    pub log: Vec<Moment<G>>,
    /// The hand before's.
    pub last_hand: Vec<Moment<G>>,
    /// Points to win, for the title.
    pub points_to_win: u32,
}

impl<'a, G: table::Game> Stage<'a, G> {
    /// `progress`'s hand and the hand before as `to` may know them, or face up.
    pub fn of(
        progress: &table::Progress<G>,
        to: Option<usize>,
        face_up: bool,
        nameplates: &'a [Nameplate],
        points_to_win: u32,
    ) -> Stage<'a, G> {
        let this_hand = progress.actions().len() - progress.hand().len();
        let hand_before = this_hand - progress.last_hand().len();
        let moments = |taken: &[table::Taken<G>], before: usize| {
            (taken.iter().zip(before as u64 + 1..))
                .map(|(t, seq)| Moment::of(t, seq, to, face_up))
                .collect()
        };
        Stage {
            to,
            nameplates,
            log: moments(progress.hand(), this_hand),
            last_hand: moments(progress.last_hand(), hand_before),
            points_to_win,
        }
    }
}

/// A game as everyone at the table may see it, which is all a scene is built from: the
/// game's public view and the facts every game shares (whose turn, the points). Made by
/// [`Sight::of`]; it holds no reference to the game.
pub struct Sight<'a, G: Catalogued> {
    /// The game's own public view: no seat's cards.
    pub public: G::Public<'a>,
    rules: &'a G::Rules,
    turn: Turn,
    seats: usize,
    teams: Vec<Vec<usize>>,
    points: Vec<f64>,
    winners: Vec<bool>,
    hands: u32,
    house: bool,
}

impl<'a, G: Catalogued> Sight<'a, G> {
    /// What everyone may see of `game`.
    pub fn of(game: &'a G) -> Sight<'a, G> {
        let turn = game.turn();
        Sight {
            public: game.public(),
            rules: game.rules(),
            turn,
            seats: game.seats(),
            teams: game.teams(),
            points: game.points(),
            winners: if turn == Turn::Over {
                game.winners()
            } else {
                Vec::new()
            },
            hands: game.hands(),
            house: !game.house().is_empty(),
        }
    }
}

/// The names as `to` reads them: `(you)` after its own.
fn names(nameplates: &[Nameplate], to: Option<usize>) -> Vec<String> {
    nameplates
        .iter()
        .enumerate()
        .map(|(seat, s)| match to {
            Some(you) if you == seat && s.name != "You" => format!("{} (you)", s.name),
            _ => s.name.clone(),
        })
        .collect()
}

/// The seats and sides named as the recipient of `stage` reads them.
fn names_for<'a, G: Catalogued>(game: &'a Sight<G>, stage: &Stage<'a, G>) -> Names<'a> {
    Names::new(stage.nameplates, stage.to, &game.teams)
}

/// How the hand just played ended, between its last action and the next deal (and at the
/// game's end): the core's hand over, in the game's words, with each side's tally, gain
/// and points.
fn hand_end<G: Catalogued>(game: &Sight<G>, stage: &Stage<G>, heading: &str) -> Option<HandEnd> {
    if matches!(game.turn, Turn::Seat(_)) {
        return None;
    }
    let last = stage.log.last()?;
    let over = last.happened.hand_over.as_ref()?;
    let gains = hand_gains(game, &stage.log, over);
    let (makers, alone) = G::makers(over).unzip();
    let alone = alone.unwrap_or(false);
    let sides = game
        .teams
        .iter()
        .map(|team| side_end(game, stage, team, &gains, makers, alone))
        .collect();
    Some(HandEnd {
        seq: last.seq,
        heading: heading.to_string(),
        kind: G::hand_end_kind(over),
        sentence: G::hand_over_words(over, &names_for(game, stage)),
        sides,
    })
}

/// What each seat's side gained this hand: the hand's points as its core scored them,
/// and any renege's penalty of the hand.
fn hand_gains<G: Catalogued>(
    game: &Sight<G>,
    log: &[Moment<G>],
    over: &table::HandOverOf<G>,
) -> Vec<u32> {
    let mut gains = vec![0u32; game.seats];
    let mut credit = |seat: usize, points: u32| {
        for s in team_of(game, seat) {
            gains[s] += points;
        }
    };
    over.scored(&mut credit);
    for penalty in log.iter().filter_map(|m| m.happened.penalty) {
        credit(penalty.to, penalty.points);
    }
    gains
}

/// The seats of `seat`'s side: its partnership, or itself alone.
fn team_of<G: Catalogued>(game: &Sight<G>, seat: usize) -> Vec<usize> {
    staging::team_of(&game.teams, seat)
}

/// One side's line at a hand's end.
fn side_end<G: Catalogued>(
    game: &Sight<G>,
    stage: &Stage<G>,
    team: &[usize],
    gains: &[u32],
    makers: Option<usize>,
    alone: bool,
) -> SideEnd {
    let (name, _) = names_for(game, stage).side(team);
    let parts: Vec<(Vec<Mark>, usize, Tally)> = (team.iter())
        .map(|&s| G::seat_parts(&game.public, s))
        .collect();
    let made = match makers {
        Some(makers) => team.contains(&makers),
        None => parts.iter().any(|(marks, ..)| {
            (marks.iter()).any(|m| matches!(m.kind, MarkKind::NamesTrump | MarkKind::Maker))
        }),
    };
    let tally = {
        let kind = parts.first().map_or(TallyKind::Tricks, |(_, _, t)| t.kind);
        let count = parts.iter().map(|(_, _, t)| t.count).sum();
        let quota = (parts.iter().map(|(_, _, t)| t.quota))
            .sum::<Option<usize>>()
            .filter(|_| parts.len() == 1);
        Tally::new(kind, count, quota)
    };
    let (mut cards, mut notes) = (Vec::new(), Vec::new());
    for &seat in team {
        let (shown, said) = G::hand_end_of(&game.public, seat);
        cards.extend(shown);
        notes.extend(said);
    }
    let gained = gains[team[0]];
    let points = game.points[team[0]];
    let text = side_end_text(
        &name,
        &tally,
        made && makers.is_some(),
        alone && made,
        gained,
        points,
    );
    SideEnd {
        seats: team.to_vec(),
        side: name,
        mine: stage.to.is_some_and(|you| team.contains(&you)),
        made,
        alone: alone && made,
        tally,
        gained,
        points,
        cards,
        notes,
        text,
    }
}

/// `You and North: 3 tricks, made trump, +1 point (7 in all)`.
fn side_end_text(
    name: &str,
    tally: &Tally,
    made: bool,
    alone: bool,
    gained: u32,
    total: f64,
) -> String {
    let counted = match (tally.kind, tally.quota) {
        (TallyKind::Tricks, Some(quota)) => format!("{} tricks, quota {quota}", tally.count),
        (TallyKind::Tricks, None) if tally.count == 1 => "1 trick".to_string(),
        (TallyKind::Tricks, None) => format!("{} tricks", tally.count),
        (TallyKind::Discards, _) if tally.count == 1 => "1 discard".to_string(),
        (TallyKind::Discards, _) => format!("{} discards", tally.count),
        (TallyKind::Passes, _) if tally.count == 1 => "1 pass".to_string(),
        (TallyKind::Passes, _) => format!("{} passes", tally.count),
    };
    let made = match (made, alone) {
        (true, true) => ", made trump alone",
        (true, false) => ", made trump",
        _ => "",
    };
    format!(
        "{name}: {counted}{made}, +{} ({total} in all)",
        points(gained)
    )
}

/// A hand's log: each action as the recipient may know it, with its sentences.
fn logged<G: Catalogued>(game: &Sight<G>, stage: &Stage<G>, log: &[Moment<G>]) -> Vec<Logged> {
    log.iter()
        .map(|moment| Logged {
            seq: moment.seq,
            seat: moment.seat,
            action: moment.action.map(G::any),
            words: sentences(game, stage, moment),
        })
        .collect()
}

/// One action in words, then what it did: a renege's penalty, the trick taken, the
/// hand's end.
fn sentences<G: Catalogued>(game: &Sight<G>, stage: &Stage<G>, moment: &Moment<G>) -> Vec<String> {
    let mut lines = Vec::new();
    {
        let you = stage.to == Some(moment.seat);
        let who = names_for(game, stage).subject(moment.seat);
        let mut phrase = G::phrase(&game.public, moment.action.as_ref(), &moment.happened, you);
        // A card handed to a seat: whom to, though the card may be hidden.
        if let Some(to) = moment.happened.passed_to {
            phrase.push_str(" to ");
            phrase.push_str(match stage.to == Some(to) {
                true => "you",
                false => &stage.nameplates[to].name,
            });
        }
        lines.push(sentence(who, &phrase));
        if let Some(penalty) = moment.happened.penalty {
            let (name, many) = names_for(game, stage).side(&team_of(game, penalty.to));
            lines.push(format!(
                "A renege: {name} {} {}.",
                verb(many, "score", "scores"),
                points(penalty.points)
            ));
        }
        if let Some(taker) = moment.happened.trick_taken {
            let you = stage.to == Some(taker);
            let who = names_for(game, stage).subject(taker);
            let take = if you { "take" } else { "takes" };
            lines.push(sentence(who, &[take, " the trick."].concat()));
        }
        if let Some(over) = &moment.happened.hand_over {
            lines.push(G::hand_over_words(over, &names_for(game, stage)));
        }
    }
    lines
}

/// The last trick taken in `log`, with its taker.
fn last_taken<G: Catalogued>(log: &[Moment<G>]) -> Option<(Vec<Played>, usize)> {
    let mut current = Vec::new();
    let mut last = None;
    for moment in log {
        if let Some((card, None)) = moment.action.as_ref().and_then(G::card_of) {
            current.push(Played {
                seat: moment.seat,
                card,
            });
        }
        if let Some(taker) = moment.happened.trick_taken {
            last = Some((std::mem::take(&mut current), taker));
        }
    }
    last
}

fn middle<G: Catalogued>(game: &Sight<G>, stage: &Stage<G>, names: &[String]) -> Middle {
    if let Some(rows) = G::layout(&game.public) {
        return Middle::Layout { rows };
    }
    // A hand's last trick stays in the game's view once taken: it is the last trick then,
    // taken, not one being won.
    let just_taken = stage
        .log
        .last()
        .is_some_and(|m| m.happened.trick_taken.is_some());
    let current = G::trick(&game.public).and_then(|(plays, winning)| {
        (!plays.is_empty() && !just_taken).then(|| TrickShown {
            caption: winning.map_or("This trick".into(), |w| {
                format!("This trick: {} winning", names[w])
            }),
            plays,
            winner: winning,
        })
    });
    // This hand's only: the hand before's last trick is gathered with the deal (it is in
    // the hand before's log), so a new hand's bidding is not read as played over it.
    let last = last_taken::<G>(&stage.log).map(|(plays, taker)| TrickShown {
        plays,
        winner: Some(taker),
        caption: format!("Last trick, taken by {}", names[taker]),
    });
    Middle::Tricks { current, last }
}

fn score<G: Catalogued>(game: &Sight<G>, stage: &Stage<G>, names: &[String]) -> Score {
    let (points, teams) = (&game.points, &game.teams);
    let first = if teams.iter().any(|t| t.len() > 1) {
        "Team"
    } else {
        "Player"
    };
    let mut columns = vec![first.to_string()];
    columns.extend(
        G::score_cells(&game.public, &teams[0])
            .iter()
            .map(|(c, _)| c.to_string()),
    );
    columns.push("Points".into());
    let rows = teams
        .iter()
        .map(|team| {
            let who: Vec<&str> = team.iter().map(|&s| names[s].as_str()).collect();
            let mut cells = vec![who.join(" & ")];
            cells.extend(
                G::score_cells(&game.public, team)
                    .into_iter()
                    .map(|(_, cell)| cell),
            );
            cells.push(points[team[0]].to_string());
            ScoreRow {
                seats: team.clone(),
                cells,
                side: names_for(game, stage).side(team).0,
                points: points[team[0]],
                mine: stage.to.is_some_and(|you| team.contains(&you)),
            }
        })
        .collect();
    Score { columns, rows }
}

fn result<G: Catalogued>(
    game: &Sight<G>,
    stage: &Stage<G>,
    names: &[String],
) -> Option<GameResult> {
    if game.turn != Turn::Over {
        return None;
    }
    let (won, points) = (&game.winners, &game.points);
    // Ordered winners first for the standings: the sight's own order stays.
    let mut teams = game.teams.clone();
    // Ranked by the game's own order (a stable sort: ties stay in seat order).
    teams.sort_by(|a, b| standing::<G>(a[0], b[0], points, won));
    let winning: Vec<&Vec<usize>> = teams.iter().filter(|t| won[t[0]]).collect();
    let winners: Vec<usize> = winning.iter().flat_map(|t| t.iter().copied()).collect();
    let (who, many) = names_for(game, stage).side(&winners);
    let you = stage.to.is_some_and(|s| winners.contains(&s));
    let mut sentence = format!(
        "{who} {} the game{}",
        verb(many, "win", "wins"),
        if you { "!" } else { "." }
    );
    // A seat that did not win is told so, with its side: `You and North lose.`
    let mine = stage
        .to
        .and_then(|seat| teams.iter().find(|t| t.contains(&seat)));
    if let Some(mine) = mine.filter(|_| !you) {
        let (who, many) = names_for(game, stage).side(mine);
        sentence.push_str(&format!(" {who} {}.", verb(many, "lose", "loses")));
    }
    let standings = teams
        .iter()
        .map(|t| {
            let who: Vec<&str> = t.iter().map(|&s| names[s].as_str()).collect();
            format!(
                "{}: {}",
                who.join(" & "),
                super::words::points(points[t[0]])
            )
        })
        .collect();
    Some(GameResult {
        sentence,
        winners,
        standings,
    })
}

/// How two sides stand at a game's end, each named by one of its seats: a side that won
/// before one that did not, then by points in the game's order ([`table::Listing::lowest_wins`]);
/// `Equal` is a tie. The one order of both the result's standings and [`places`].
fn standing<G: Catalogued>(a: usize, b: usize, points: &[f64], won: &[bool]) -> std::cmp::Ordering {
    let by_points = if G::LISTING.lowest_wins {
        points[a].total_cmp(&points[b])
    } else {
        points[b].total_cmp(&points[a])
    };
    won[b].cmp(&won[a]).then(by_points)
}

/// Each side of a finished game ([`table::Game::teams`], in that order) with its place:
/// 0 the winners, then each side's place the number of sides that finished above it, so
/// sides level on points share a place and the next is skipped (0, 1, 1, 3). What a
/// rating is computed from: the core's own standings, never a face's. `None` while the
/// game goes on.
pub fn places<G: Catalogued>(game: &G) -> Option<Vec<(Vec<usize>, usize)>> {
    if game.turn() != Turn::Over {
        return None;
    }
    Some(placed::<G>(&game.teams(), &game.points(), &game.winners()))
}

/// [`places`] from a finished game's sides, each seat's points and whether it won.
fn placed<G: Catalogued>(
    teams: &[Vec<usize>],
    points: &[f64],
    won: &[bool],
) -> Vec<(Vec<usize>, usize)> {
    (teams.iter())
        .map(|side| {
            let above = (teams.iter())
                .filter(|other| standing::<G>(other[0], side[0], points, won).is_lt())
                .count();
            (side.clone(), above)
        })
        .collect()
}

fn status<G: Catalogued>(game: &Sight<G>, stage: &Stage<G>, legal: &[G::Action]) -> String {
    match game.turn {
        Turn::Over => "The game is over".into(),
        Turn::Chance
            if stage
                .nameplates
                .iter()
                .any(|s| s.presence == Presence::Open) =>
        {
            "Waiting for every seat to be taken".into()
        }
        Turn::Chance if game.hands > 0 => format!("{} {} is over", G::HAND_WORD, game.hands),
        Turn::Chance => "Dealing…".into(),
        Turn::Seat(seat) if stage.to == Some(seat) => {
            format!("Your turn: {}", G::question(&game.public, legal))
        }
        Turn::Seat(seat) => format!("{} to act", stage.nameplates[seat].name),
    }
}

/// A table's title: `Euchre · EECS 280 rules · first to 10 points`, with `· house
/// rules` when any apply: its [`title_parts`] joined.
pub(crate) fn title<G: Catalogued>(game: &Sight<G>, points_to_win: u32) -> String {
    title_of(&title_parts(game, points_to_win))
}

/// A title from its [`title_parts`].
fn title_of(parts: &[String]) -> String {
    parts.join(" · ")
}

/// A table's title in its parts: the game, its rules, the goal, and `house rules` when
/// any apply (a face short of room drops parts, not letters).
pub(crate) fn title_parts<G: Catalogued>(game: &Sight<G>, points_to_win: u32) -> Vec<String> {
    let mut parts = vec![
        G::KIND.title().to_string(),
        G::rules_words(&game.public).to_string(),
        G::goal_words(&game.public, points_to_win),
    ];
    if game.house {
        parts.push("house rules".into());
    }
    parts
}

/// The rules card: the points to win where a table chooses them, then every option.
pub(crate) fn rules_card<G: Catalogued>(game: &Sight<G>, points_to_win: u32) -> Vec<RuleLine> {
    let points = G::POINTS_TO_WIN.then(|| RuleLine {
        name: "points".into(),
        title: "Points to win".into(),
        value: points_to_win.to_string(),
        house: false,
    });
    points
        .into_iter()
        .chain(crate::rule_lines(game.rules))
        .collect()
}

/// Builds scenes for any catalogued game (each is [`staging::Staged`]).
impl<G: Catalogued> Stage<'_, G> {
    /// What everyone may see of `game`, in the recipient's words.
    pub fn scene(&self, game: &G) -> Scene {
        self.scene_of(&Sight::of(game), &self.legal(game))
    }

    /// What the recipient is shown of `game`: the scene in its words, built from what
    /// everyone may see, and for a seat what only it sees, built from its own view.
    pub fn shown(&self, game: &G) -> Shown {
        let sight = Sight::of(game);
        let legal = self.legal(game);
        let own = self
            .to
            .map(|seat| self.own(&sight, game.seat_view(seat), seat, &legal));
        Shown {
            scene: self.scene_of(&sight, &legal),
            own,
        }
    }

    /// The recipient's legal actions: none but on its own turn.
    fn legal(&self, game: &G) -> Vec<G::Action> {
        let mut legal = Vec::new();
        if matches!((game.turn(), self.to), (Turn::Seat(s), Some(to)) if s == to) {
            game.legal_actions(&mut legal);
        }
        legal
    }

    /// The scene from what everyone may see, with the recipient's `legal` actions for
    /// its status line.
    fn scene_of(&self, game: &Sight<G>, legal: &[G::Action]) -> Scene {
        let title_parts = title_parts(game, self.points_to_win);
        let names = names(self.nameplates, self.to);
        let turn = match game.turn {
            Turn::Seat(seat) => Some(seat),
            _ => None,
        };
        let seats = (0..game.seats)
            .map(|seat| {
                let (marks, cards, tally) = G::seat_parts(&game.public, seat);
                SeatPanel {
                    seat,
                    name: names[seat].clone(),
                    presence: self.nameplates[seat].presence,
                    marks,
                    cards,
                    tally,
                    points: game.points[seat],
                    turn: turn == Some(seat),
                }
            })
            .collect();
        // Between hands and at the end, the hand just played; else the one in play.
        let number = match game.turn {
            Turn::Seat(_) => game.hands + 1,
            _ => game.hands.max(1),
        };
        let heading = format!("{} {number}", G::HAND_WORD);
        Scene {
            version: SCENE_VERSION,
            game: G::KIND,
            // Its parts worded once for both.
            title: title_of(&title_parts),
            title_parts,
            hand_end: hand_end(game, self, &heading),
            heading,
            seats,
            you: self.to,
            turn,
            phase: if game.turn == Turn::Over {
                Phase::Over
            } else {
                G::phase(&game.public)
            },
            facts: G::facts(&game.public, self.to, &names),
            middle: middle(game, self, &names),
            score: score(game, self, &names),
            log: logged(game, self, &self.log),
            last_hand: logged(game, self, &self.last_hand),
            status: status(game, self, legal),
            result: result(game, self, &names),
            rules: rules_card(game, self.points_to_win),
            joker: G::joker(&game.public),
        }
    }

    /// What only `seat` sees, from its own `view` (none before the first deal): its
    /// hand, its choices, the question it is asked.
    fn own(
        &self,
        game: &Sight<G>,
        view: Option<G::View<'_>>,
        seat: usize,
        legal: &[G::Action],
    ) -> Own {
        let joker = G::joker(&game.public);
        let mut taken = vec![false; legal.len()];
        let held = view.as_ref().map(G::hand).unwrap_or_default();
        let hand = held
            .into_iter()
            .map(|group| {
                group
                    .into_iter()
                    .map(|card| {
                        let found = legal.iter().enumerate().find(|(i, a)| {
                            !taken[*i] && G::card_of(a).is_some_and(|(c, _)| c == card)
                        });
                        let (action, verb) = match found {
                            Some((i, a)) => {
                                taken[i] = true;
                                (Some(i), G::card_of(a).and_then(|(_, w)| w))
                            }
                            None => (None, None),
                        };
                        HandCard {
                            card,
                            action,
                            label: {
                                let named = card_text_at(joker, card);
                                verb.map_or(named.clone(), |w| format!("{w} {named}"))
                            },
                            verb: verb.map(str::to_string),
                        }
                    })
                    .collect()
            })
            .collect();
        let choices = legal
            .iter()
            .enumerate()
            .filter(|(_, a)| G::card_of(a).is_none())
            .map(|(action, a)| Choice {
                action,
                label: G::choice(&game.public, a),
                key: G::key(a).to_string(),
            })
            .collect();
        let on_turn = !legal.is_empty();
        let face_down = view.as_ref().map_or(0, G::face_down);
        Own {
            seat,
            hand: if face_down > 0 {
                Held::FaceDown { count: face_down }
            } else {
                Held::Shown { groups: hand }
            },
            actions: legal.iter().map(|&a| G::any(a)).collect(),
            choices,
            question: on_turn.then(|| G::question(&game.public, legal)),
            help: if on_turn {
                G::help(&game.public, legal)
            } else {
                Vec::new()
            },
            notes: view.map_or_else(Vec::new, |v| G::notes(&game.public, &v)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::placed;

    fn sides(n: usize) -> Vec<Vec<usize>> {
        (0..n).map(|s| vec![s]).collect()
    }

    /// Euchre: the partnership that reached the points wins, the other is second.
    #[test]
    fn a_euchre_partnership_that_won_is_first_and_the_other_second() {
        let teams = vec![vec![0, 2], vec![1, 3]];
        let ranked =
            placed::<euchre::Game>(&teams, &[6.0, 10.0, 6.0, 10.0], &[false, true, false, true]);
        assert_eq!(ranked, vec![(vec![0, 2], 1), (vec![1, 3], 0)]);
    }

    /// Straights (the handout: the game ends once someone reaches 80, and the lowest
    /// score wins, ties sharing): 30 and 30 win together, 52 is third, 81 fourth.
    #[test]
    fn straights_ranks_the_lowest_first_and_tied_winners_share_first() {
        let ranked = placed::<straights::Game>(
            &sides(4),
            &[81.0, 30.0, 52.0, 30.0],
            &[false, true, false, true],
        );
        let places: Vec<usize> = ranked.iter().map(|(_, p)| *p).collect();
        assert_eq!(places, vec![3, 0, 2, 0]);
        // Two level behind the winner share second, and nobody is third.
        let ranked = placed::<straights::Game>(
            &sides(4),
            &[81.0, 30.0, 52.0, 52.0],
            &[false, true, false, false],
        );
        let places: Vec<usize> = ranked.iter().map(|(_, p)| *p).collect();
        assert_eq!(places, vec![3, 0, 1, 1]);
    }

    /// The same points are read in each game's own order: Teen Do Panch's highest
    /// score wins, Straights' lowest.
    #[test]
    fn the_order_of_the_points_is_the_games() {
        let points = [5.0, 9.0, 7.0];
        let high = placed::<teendopanch::Game>(&sides(3), &points, &[false, true, false]);
        let high: Vec<usize> = high.iter().map(|(_, p)| *p).collect();
        assert_eq!(high, vec![2, 0, 1]);
        let low = placed::<straights::Game>(&sides(3), &points, &[true, false, false]);
        let low: Vec<usize> = low.iter().map(|(_, p)| *p).collect();
        assert_eq!(low, vec![0, 2, 1]);
    }
}

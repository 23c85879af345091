//! The table drawn with ratatui: seats around the middle (the trick, or Straights'
//! layout), the person's hand along the bottom with its legal cards raised, a score panel
//! and the hand's log, and dialogs over it.

use cards::{Card, Rank, Suit};
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};
use ratatui::Frame;
use serde_json::Value;

use crate::session::YOU;
use crate::ui::{Dialog, Ui};
use crate::words::{self, show};

/// The smallest window the table is drawn in.
pub const MIN: (u16, u16) = (80, 24);

const CARD_W: u16 = 5;
const CARD_H: u16 = 3;

fn suit_style(suit: Suit) -> Style {
    if words::is_red(suit) {
        Style::default().fg(Color::Red)
    } else {
        Style::default().fg(Color::Black)
    }
}

/// A face-up card in a 5×3 box.
fn card_widget(card: Card, border: Style) -> Paragraph<'static> {
    let face = Span::styled(
        format!("{:^3}", show(card)),
        suit_style(card.suit())
            .bg(Color::White)
            .add_modifier(Modifier::BOLD),
    );
    Paragraph::new(Line::from(face)).block(Block::bordered().border_style(border).bg(Color::White))
}

fn title(ui: &Ui) -> String {
    let t = &ui.table;
    let game = match t.game() {
        "euchre" => "Euchre",
        "straights" => "Straights",
        _ => "Teen Do Panch",
    };
    let rules = match (t.game(), t.rules()) {
        ("euchre", "eecs280") => "EECS 280 rules",
        ("euchre", _) => "CS 246 rules, going alone",
        ("straights", _) => "CS 246 rules",
        (_, "reference") => "reference rules",
        _ => "handout rules",
    };
    let to = if t.game() == "straights" {
        "ends at 80 points".to_string()
    } else {
        format!(
            "first to {} point{}",
            t.points(),
            if t.points() == 1 { "" } else { "s" }
        )
    };
    format!(" cardtable · {game} · {rules} · {to} ")
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, ui: &mut Ui) {
    let area = frame.area();
    ui.areas.clear();
    if area.width < MIN.0 || area.height < MIN.1 {
        let text = format!(
            "The window is {}×{}: cardtable needs at least {}×{}. Make it larger (q quits).",
            area.width, area.height, MIN.0, MIN.1
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let outer = Block::bordered()
        .border_type(BorderType::Rounded)
        .title(title(ui))
        .title_bottom(" ←→ choose · Enter play · 1-9 card · type 10h · c coach · x last trick · s save · ? help · q quit ");
    let inner = outer.inner(area);
    frame.render_widget(outer, area);
    let wide = inner.width >= 110;
    let [table_area, side] = if wide {
        Layout::horizontal([Constraint::Min(70), Constraint::Length(36)]).areas(inner)
    } else {
        [inner, Rect::default()]
    };
    draw_table(frame, ui, table_area, !wide);
    if wide {
        draw_side(frame, ui, side);
    }
    draw_dialog(frame, ui, area);
}

fn seat_name(ui: &Ui, seat: usize) -> String {
    ui.table.names()[seat].clone()
}

/// Seats in screen places from the person's: left, top, right (three seats: no top).
fn places(seats: usize) -> (usize, Option<usize>, usize) {
    match seats {
        3 => (1, None, 2),
        _ => (1, Some(2), 3),
    }
}

fn draw_table(frame: &mut Frame, ui: &mut Ui, area: Rect, narrow_score: bool) {
    let view = ui.table.view();
    let seats = ui.table.names().len();
    let [score_row, top, middle, you, hand, choices, status] = Layout::vertical([
        Constraint::Length(u16::from(narrow_score)),
        Constraint::Length(3),
        Constraint::Min(9),
        Constraint::Length(1),
        Constraint::Length(CARD_H + 1),
        Constraint::Length(1),
        Constraint::Length(2),
    ])
    .areas(area);
    let (left, across, right) = places(seats);
    let [west, centre, east] = Layout::horizontal([
        Constraint::Length(20),
        Constraint::Min(30),
        Constraint::Length(20),
    ])
    .areas(middle);
    if let Some(across) = across {
        let [_, top_mid, _] = Layout::horizontal([
            Constraint::Min(0),
            Constraint::Length(30),
            Constraint::Min(0),
        ])
        .areas(top);
        frame.render_widget(seat_panel(ui, &view, across), top_mid);
    }
    if narrow_score {
        frame.render_widget(Paragraph::new(score_line(ui)), score_row);
    }
    frame.render_widget(
        seat_panel(ui, &view, left),
        Rect {
            height: 4.min(west.height),
            ..west
        },
    );
    frame.render_widget(
        seat_panel(ui, &view, right),
        Rect {
            height: 4.min(east.height),
            ..east
        },
    );
    draw_centre(frame, ui, &view, centre);
    if narrow_score {
        // No side panel: the hand's log under the middle.
        let below = if ui.table.game() == "straights" { 5 } else { 9 };
        let log = Rect {
            y: centre.y + below,
            height: centre.height.saturating_sub(below),
            ..centre
        };
        frame.render_widget(log_widget(ui, log.height as usize), log);
    }
    frame.render_widget(Paragraph::new(seat_line(ui, &view, YOU)), you);
    draw_hand(frame, ui, hand);
    draw_choices(frame, ui, choices);
    frame.render_widget(
        Paragraph::new(status_lines(ui, &view)).wrap(Wrap { trim: true }),
        status,
    );
}

fn marks(ui: &Ui, view: &Value, seat: usize) -> Vec<Span<'static>> {
    let mut marks = Vec::new();
    let is = |key: &str| view[key].as_u64() == Some(seat as u64);
    let mark = |text: &str| {
        Span::styled(
            format!(" {text} "),
            Style::default().fg(Color::Black).bg(Color::Yellow),
        )
    };
    if is("dealer") {
        marks.push(mark("dealer"));
    }
    match ui.table.game() {
        "euchre" if is("maker") && view["alone"] == true => marks.push(mark("maker, alone")),
        "euchre" if is("maker") => marks.push(mark("maker")),
        "teendopanch" if is("maker") => marks.push(mark("names trump")),
        _ => {}
    }
    if is("sitting_out") {
        marks.push(mark("sits out"));
    }
    marks
}

fn tally(ui: &Ui, view: &Value, seat: usize) -> String {
    let score = ui.table.scores().get(seat).copied().unwrap_or(0.0);
    match ui.table.game() {
        "straights" => format!("discards {} · {score} pts", view["discard_counts"][seat]),
        "teendopanch" => format!(
            "tricks {}/{} · {score} pts",
            view["tricks_won"][seat], view["quotas"][seat]
        ),
        _ => format!("tricks {} · {score} pts", view["tricks_won"][seat]),
    }
}

fn seat_line(ui: &Ui, view: &Value, seat: usize) -> Line<'static> {
    let turn = ui.table.turn() == Some(seat);
    let name = Span::styled(
        format!("{}{}", if turn { "▶ " } else { "" }, seat_name(ui, seat)),
        if turn {
            Style::default().fg(Color::Yellow).bold()
        } else {
            Style::default().bold()
        },
    );
    let mut spans = vec![name, Span::raw(" ")];
    spans.extend(marks(ui, view, seat));
    spans.push(Span::raw(format!(" {}", tally(ui, view, seat))));
    let discards = words::cards(&view["discards"]);
    if seat == YOU && !discards.is_empty() {
        let shown: Vec<String> = discards.into_iter().map(show).collect();
        spans.push(Span::raw(format!(" · your discards: {}", shown.join(" "))));
    }
    Line::from(spans)
}

fn seat_panel(ui: &Ui, view: &Value, seat: usize) -> Paragraph<'static> {
    let count = view["hand_sizes"][seat].as_u64().unwrap_or(0) as usize;
    let turn = ui.table.turn() == Some(seat);
    let backs = if ui.table.position().is_some() {
        // A replay: every hand face up.
        let cards = words::cards(&ui.table.face_up()[seat]["hand"]);
        Line::from(
            cards
                .iter()
                .map(|&c| {
                    Span::styled(
                        format!("{} ", show(c)),
                        suit_style(c.suit()).bg(Color::White),
                    )
                })
                .collect::<Vec<_>>(),
        )
    } else {
        Line::from(vec![
            Span::styled("▮".repeat(count.min(13)), Style::default().fg(Color::Blue)),
            Span::raw(format!(
                " {count} card{}",
                if count == 1 { "" } else { "s" }
            )),
        ])
    };
    let mut head = vec![Span::styled(
        format!("{}{}", if turn { "▶ " } else { "" }, seat_name(ui, seat)),
        if turn {
            Style::default().fg(Color::Yellow).bold()
        } else {
            Style::default().bold()
        },
    )];
    head.extend(marks(ui, view, seat));
    Paragraph::new(vec![
        Line::from(head),
        backs,
        Line::raw(tally(ui, view, seat)),
    ])
}

fn facts(ui: &Ui, view: &Value) -> Vec<Span<'static>> {
    let mut facts = Vec::new();
    if let Some(trump) = words::suit(&view["trump"]) {
        let maker = view["maker"].as_u64().map(|m| seat_name(ui, m as usize));
        let by = match (ui.table.game(), maker) {
            ("euchre", Some(maker)) if maker == "You" => ", you made it".to_string(),
            ("euchre", Some(maker)) => format!(", made by {maker}"),
            _ => String::new(),
        };
        facts.push(Span::styled(
            format!(" Trump {} {}{by} ", words::symbol(trump), trump.name()),
            suit_style(trump).bg(Color::White).bold(),
        ));
    }
    match view["phase"].as_str() {
        Some("Making(One)") if ui.table.game() == "euchre" => {
            if let Some(up) = words::card(&view["upcard"]) {
                facts.push(Span::raw(format!(" Upcard {} ", show(up))));
            }
        }
        Some("Making(Two)") if ui.table.game() == "euchre" => {
            if let Some(up) = words::card(&view["upcard"]) {
                facts.push(Span::raw(format!(" Turned down: {} ", show(up))));
            }
        }
        _ => {}
    }
    if let Some(pull) = view["pulling"].as_object() {
        let who = |k: &str| {
            pull[k]
                .as_u64()
                .map_or("?".into(), |s| seat_name(ui, s as usize))
        };
        let verb = if pull["puller"] == YOU {
            "pull"
        } else {
            "pulls"
        };
        facts.push(Span::raw(format!(
            " {} {verb} from {} ",
            who("puller"),
            who("victim")
        )));
    }
    if ui.table.game() == "teendopanch" {
        match view["phase"].as_str() {
            Some("Making(One)") => facts.push(Span::raw(" First five cards dealt ")),
            Some("Making(Two)") => facts.push(Span::raw(" Eight of ten cards dealt ")),
            _ => {}
        }
    }
    if let Some(taken) = words::card(&view["taken"]) {
        facts.push(Span::raw(format!(" You pulled {} ", show(taken))));
    }
    facts
}

fn draw_centre(frame: &mut Frame, ui: &Ui, view: &Value, area: Rect) {
    let [line, rest] = Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(area);
    frame.render_widget(
        Paragraph::new(Line::from(facts(ui, view))).alignment(Alignment::Center),
        line,
    );
    if ui.table.game() == "straights" {
        frame.render_widget(layout_widget(view), rest);
        return;
    }
    let trick: Vec<(usize, Card)> = view["trick"]
        .as_array()
        .map(|t| {
            t.iter()
                .filter_map(|p| Some((p["seat"].as_u64()? as usize, words::card(&p["card"])?)))
                .collect()
        })
        .unwrap_or_default();
    let (plays, caption) = if trick.is_empty() {
        match ui.trick_taken() {
            Some(super::ui::TakenTrick {
                plays: cards,
                taker: winner,
            }) => {
                let by = winner.map_or(String::new(), |w| {
                    format!(", taken by {}", seat_name(ui, w))
                });
                (cards, format!("last trick{by}"))
            }
            None => (Vec::new(), String::new()),
        }
    } else {
        let winning = view["winning"].as_u64().map(|w| seat_name(ui, w as usize));
        (
            trick,
            winning.map_or("this trick".into(), |w| format!("this trick: {w} winning")),
        )
    };
    draw_trick(frame, ui, &plays, &caption, rest);
}

fn draw_trick(frame: &mut Frame, ui: &Ui, plays: &[(usize, Card)], caption: &str, area: Rect) {
    let seats = ui.table.names().len();
    let (left, across, right) = places(seats);
    let mid_x = area.x + area.width / 2 - CARD_W / 2;
    let spot = |seat: usize| -> Rect {
        let (x, y) = if seat == YOU {
            (mid_x, area.y + 4)
        } else if Some(seat) == across {
            (mid_x, area.y)
        } else if seat == left {
            (mid_x.saturating_sub(CARD_W + 3), area.y + 2)
        } else if seat == right {
            (mid_x + CARD_W + 3, area.y + 2)
        } else {
            (mid_x, area.y)
        };
        Rect::new(x, y, CARD_W, CARD_H).intersection(area)
    };
    let dim = caption.starts_with("last");
    for &(seat, card) in plays {
        let border = if dim {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default().fg(Color::Gray)
        };
        frame.render_widget(card_widget(card, border), spot(seat));
    }
    let line = Rect::new(
        area.x,
        (area.y + 7).min(area.bottom().saturating_sub(1)),
        area.width,
        1,
    );
    frame.render_widget(
        Paragraph::new(caption.to_string())
            .alignment(Alignment::Center)
            .dim(),
        line,
    );
}

/// Straights' layout: a row per suit, ace to king, the cards played shown.
fn layout_widget(view: &Value) -> Paragraph<'static> {
    let lines: Vec<Line> = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds]
        .into_iter()
        .map(|suit| {
            let played = words::cards(&view["layout"][suit.letter().to_string()]);
            let mut spans = vec![Span::styled(
                format!("{} ", words::symbol(suit)),
                suit_style(suit).bg(Color::White),
            )];
            for rank in std::iter::once(Rank::Ace).chain(Rank::ALL.into_iter().take(12)) {
                let card = Card::new(rank, suit);
                if played.contains(&card) {
                    let text = if rank == Rank::Ten {
                        "10".to_string()
                    } else {
                        format!("{} ", rank.symbol())
                    };
                    spans.push(Span::styled(
                        format!("{text:>3}"),
                        suit_style(suit).bg(Color::White).bold(),
                    ));
                } else {
                    spans.push(Span::styled(" · ", Style::default().fg(Color::DarkGray)));
                }
            }
            Line::from(spans)
        })
        .collect();
    Paragraph::new(lines).alignment(Alignment::Center)
}

fn draw_hand(frame: &mut Frame, ui: &mut Ui, area: Rect) {
    let picks = ui.picks();
    let groups = ui.hand();
    let mut x = area.x + 1;
    let mut number = 1;
    for group in groups.iter() {
        for &card in group {
            let pick = picks.iter().position(|p| p.card == Some(card));
            let selected = pick.is_some() && pick == Some(ui.selected) && ui.your_turn();
            // Legal cards sit a row higher, as if raised from the hand.
            let y = if pick.is_some() { area.y } else { area.y + 1 };
            let rect = Rect::new(x, y, CARD_W, CARD_H).intersection(area);
            let border = match (pick.is_some(), selected) {
                (_, true) => Style::default()
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD | Modifier::REVERSED),
                (true, false) => Style::default().fg(Color::Yellow),
                (false, _) => Style::default().fg(Color::DarkGray),
            };
            let mut widget = card_widget(card, border);
            if pick.is_none() && ui.your_turn() {
                widget = widget.add_modifier(Modifier::DIM);
            }
            frame.render_widget(
                widget.block(
                    Block::bordered()
                        .border_style(border)
                        .title(Span::raw(format!("{number}")).dim())
                        .bg(Color::White),
                ),
                rect,
            );
            if let Some(index) = pick {
                ui.areas.push((rect, index));
            }
            x += CARD_W;
            number += 1;
        }
        x += 1;
    }
}

fn draw_choices(frame: &mut Frame, ui: &mut Ui, area: Rect) {
    let picks = ui.picks();
    let mut x = area.x + 1;
    for (index, pick) in picks.iter().enumerate().filter(|(_, p)| p.card.is_none()) {
        let text = format!("[ {} ]", pick.label);
        let width = text.chars().count() as u16;
        let style = if index == ui.selected {
            Style::default().fg(Color::Black).bg(Color::Yellow).bold()
        } else {
            Style::default().fg(Color::Yellow).bold()
        };
        let rect = Rect::new(x, area.y, width, 1).intersection(area);
        frame.render_widget(Paragraph::new(Span::styled(text, style)), rect);
        ui.areas.push((rect, index));
        x += width + 1;
    }
}

fn status_lines(ui: &Ui, view: &Value) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let status = if let Some(note) = ui.table.position().and(ui.note.clone()) {
        format!("{note} · ←/→ step, Home/End, q leaves")
    } else if ui.table.position().is_some() {
        "Replay: ←/→ step, Home/End jump, q leaves".to_string()
    } else if ui.table.finished() {
        "The game is over.".to_string()
    } else if ui.your_turn() {
        format!(
            "Your turn: {}.",
            words::question(ui.table.game(), view, &ui.table.legal())
        )
    } else {
        match ui.table.turn() {
            Some(seat) => format!(
                "{} to play… (any key hurries the computers)",
                seat_name(ui, seat)
            ),
            None => "Dealing…".into(),
        }
    };
    lines.push(Line::styled(status, Style::default().bold()));
    if !ui.typed.is_empty() {
        lines.push(Line::raw(format!(
            "Typed {}: a suit letter plays that card, Enter a card number",
            ui.typed
        )));
    } else if let Some(note) = ui.note.as_ref().filter(|_| ui.table.position().is_none()) {
        lines.push(Line::styled(
            note.clone(),
            Style::default().fg(Color::Magenta),
        ));
    }
    lines
}

/// Scores in one line, for windows too narrow for the side panel.
fn score_line(ui: &Ui) -> Line<'static> {
    let scores = ui.table.scores();
    let parts: Vec<String> = ui
        .table
        .teams()
        .iter()
        .map(|team| {
            let names: Vec<String> = team.iter().map(|&s| seat_name(ui, s)).collect();
            format!("{} {}", names.join(" & "), scores[team[0]])
        })
        .collect();
    let word = if ui.table.game() == "straights" {
        "Round"
    } else {
        "Hand"
    };
    Line::raw(format!(
        "{word} {} · Score: {}",
        ui.table.hands() + 1,
        parts.join(" · ")
    ))
    .bold()
}

fn draw_side(frame: &mut Frame, ui: &Ui, area: Rect) {
    let scores = ui.table.scores();
    let view = ui.table.view();
    let word = if ui.table.game() == "straights" {
        "Round"
    } else {
        "Hand"
    };
    let mut score: Vec<Line> = vec![Line::raw(format!("{word} {}", ui.table.hands() + 1)).bold()];
    for team in ui.table.teams() {
        let names: Vec<String> = team.iter().map(|&s| seat_name(ui, s)).collect();
        let tricks: u64 = team
            .iter()
            .map(|&s| view["tricks_won"][s].as_u64().unwrap_or(0))
            .sum();
        let extra = match ui.table.game() {
            "straights" => format!("discards {}", view["discard_counts"][team[0]]),
            "teendopanch" => format!("tricks {tricks}/{}", view["quotas"][team[0]]),
            _ => format!("tricks {tricks}"),
        };
        score.push(Line::raw(format!(
            "{:<16} {:>4} {extra}",
            names.join(" & "),
            scores[team[0]]
        )));
    }
    let [top, log] = Layout::vertical([
        Constraint::Length(score.len() as u16 + 2),
        Constraint::Min(3),
    ])
    .areas(area);
    frame.render_widget(
        Paragraph::new(score).block(Block::bordered().title(" Score ")),
        top,
    );
    let entries: Vec<Line> = ui
        .table
        .log()
        .iter()
        .map(|e| {
            Line::raw(format!(
                "{} {}",
                seat_name(ui, e.seat),
                words::describe(ui.table.game(), e.action.as_ref())
            ))
        })
        .collect();
    let height = log.height.saturating_sub(2) as usize;
    let skip = entries.len().saturating_sub(height);
    let shown: Vec<Line> = entries.into_iter().skip(skip).collect();
    frame.render_widget(
        Paragraph::new(shown).block(Block::bordered().title(" This hand ")),
        log,
    );
}

/// The last `height` lines of the hand's log, scrolled back by the person's PgUp.
fn log_widget(ui: &Ui, height: usize) -> Paragraph<'static> {
    let entries: Vec<Line> = ui
        .table
        .log()
        .iter()
        .map(|e| {
            let what = words::describe(ui.table.game(), e.action.as_ref());
            let what = if e.seat == YOU {
                words::to_you(&what)
            } else {
                what
            };
            Line::raw(format!("{} {what}", seat_name(ui, e.seat))).dim()
        })
        .collect();
    let back = ui.log_back.min(entries.len().saturating_sub(height));
    let end = entries.len() - back;
    let start = end.saturating_sub(height);
    Paragraph::new(entries[start..end].to_vec())
}

fn popup(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line<'static>>) {
    let width =
        (lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 4).clamp(30, area.width - 4);
    let height = (lines.len() as u16 + 2).min(area.height - 2);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::bordered()
                .border_type(BorderType::Double)
                .title(format!(" {title} ")),
        ),
        rect,
    );
}

fn draw_dialog(frame: &mut Frame, ui: &Ui, area: Rect) {
    match &ui.dialog {
        Dialog::None => {}
        Dialog::Help => {
            let mut lines: Vec<Line> = [
                "←/→ or Tab: choose a card or button · Enter or Space: play it",
                "1-9, 0: the card with that number (no cards to play: the button)",
                "Type a card: 9s, 10h, jd, qc · Esc clears · click a card or button",
                "c: the coach (the strong player's value of each choice)",
                "x: the last trick · s: save (cardtable play --resume FILE)",
                "q: quit (asks first) · any key closes this",
                "",
            ]
            .into_iter()
            .map(Line::raw)
            .collect();
            for text in words::help(ui.table.game(), &ui.table.legal()) {
                lines.push(Line::raw(text));
            }
            popup(frame, area, "Help", lines);
        }
        Dialog::Quit => popup(
            frame,
            area,
            "Quit?",
            vec![Line::raw(
                "Leave this game? y or q: quit · any other key: play on",
            )],
        ),
        Dialog::Coach(advice) => {
            let mut lines = vec![Line::raw(format!("Values: {}.", advice.unit))];
            lines.extend(words::coach_rows(advice).into_iter().map(Line::raw));
            lines.push(
                Line::raw("From your seat's information only: sampled deals of the unseen cards.")
                    .dim(),
            );
            popup(frame, area, "Coach", lines);
        }
        Dialog::LastTrick => {
            let lines = match ui.last_trick() {
                Some(super::ui::TakenTrick {
                    plays: cards,
                    taker: winner,
                }) => {
                    let mut lines: Vec<Line> = cards
                        .iter()
                        .map(|&(s, c)| Line::raw(format!("{:<8} {}", seat_name(ui, s), show(c))))
                        .collect();
                    if let Some(w) = winner {
                        lines.push(Line::raw(format!("taken by {}", seat_name(ui, w))));
                    }
                    lines
                }
                None => vec![Line::raw("No trick has been taken yet.")],
            };
            popup(frame, area, "Last trick", lines);
        }
        Dialog::Over => {
            let scores = ui.table.scores();
            let mut lines = vec![Line::raw(result_sentence(ui)).bold(), Line::raw("")];
            for team in ui.table.teams() {
                let names: Vec<String> = team.iter().map(|&s| seat_name(ui, s)).collect();
                lines.push(Line::raw(format!(
                    "{:<16} {}",
                    names.join(" & "),
                    scores[team[0]]
                )));
            }
            lines.push(Line::raw(""));
            lines.push(Line::raw(
                "n or Enter: play again · s: save the game · q: quit",
            ));
            popup(frame, area, "Game over", lines);
        }
    }
}

/// Who won, in a sentence.
pub fn result_sentence(ui: &Ui) -> String {
    let scores = ui.table.scores();
    let teams = ui.table.teams();
    let lowest_wins = ui.table.game() == "straights";
    let best = teams.iter().map(|t| scores[t[0]]).fold(
        if lowest_wins { f64::MAX } else { f64::MIN },
        |a, b| if lowest_wins { a.min(b) } else { a.max(b) },
    );
    let winners: Vec<String> = teams
        .iter()
        .filter(|t| scores[t[0]] == best)
        .map(|t| {
            t.iter()
                .map(|&s| seat_name(ui, s))
                .collect::<Vec<_>>()
                .join(" and ")
        })
        .collect();
    let who = winners.join(" and ");
    if who.starts_with("You") {
        format!("{who} win the game!")
    } else {
        format!(
            "{who} win{} the game.",
            if winners.len() == 1 && !who.contains(" and ") {
                "s"
            } else {
                ""
            }
        )
    }
}

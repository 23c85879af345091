//! Euchre's house rules in the shared notation (`alone=off`, `renege=2`).

use table::house::{flag, number, on_off, House, HouseError, HouseRule, Values};

use crate::{AllPass, DealStyle, Rules};

/// pagat.com's Euchre page, the rules most descriptions follow.
const PAGAT: &str = "pagat.com/euchre/euchre.html";

impl House for Rules {
    const OPTIONS: &'static [HouseRule] = &[
        HouseRule {
            name: "deal",
            title: "Deal",
            summary: "Cards dealt in packets of 3 and 2 (then 2 and 3), or 5 at a time.",
            values: Values::words(&["3-2", "5"]),
            source: "pagat.com/euchre/euchre.html (Deal); the EECS 280 and CS 246 handouts",
        },
        HouseRule {
            name: "dealer",
            title: "Stick the dealer",
            summary: "When all pass twice, the dealer must name a suit (stuck), or the hand is thrown in.",
            values: Values::words(&["stuck", "throw-in"]),
            source: "pagat.com/euchre/euchre.html (Variations: Stick the dealer)",
        },
        HouseRule {
            name: "alone",
            title: "Going alone",
            summary: "The maker may play without a partner; a lone march scores more.",
            values: Values::ON_OFF,
            source: PAGAT,
        },
        HouseRule {
            name: "partner-alone",
            title: "Ordering up one's partner is going alone",
            summary: "The dealer's partner who orders up the upcard plays alone.",
            values: Values::ON_OFF,
            source: "pagat.com/euchre/euchre.html (Variations); the CS 246 handout",
        },
        HouseRule {
            name: "renege",
            title: "Renege penalty",
            summary: "Off: a card that fails to follow suit is refused. A number: it is played back and the other side scores that many points.",
            values: Values {
                words: &["off"],
                numbers: Some((1, 4)),
            },
            source: "pagat.com/euchre/euchre.html (Irregularities); the CS 246 handout (2 points)",
        },
        HouseRule {
            name: "march",
            title: "Points for a march",
            summary: "What the makers score for taking all five tricks.",
            values: Values::numbers(1, 4),
            source: PAGAT,
        },
        HouseRule {
            name: "lone-march",
            title: "Points for a lone march",
            summary: "What a lone maker scores for taking all five tricks.",
            values: Values::numbers(1, 8),
            source: PAGAT,
        },
        HouseRule {
            name: "euchre",
            title: "Points for a euchre",
            summary: "What the defenders score when the makers take two tricks or fewer.",
            values: Values::numbers(1, 4),
            source: PAGAT,
        },
    ];

    fn value(&self, option: &str) -> String {
        match option {
            "deal" => match self.deal {
                DealStyle::ThreeTwo => "3-2".into(),
                DealStyle::FiveEach => "5".into(),
            },
            "dealer" => match self.all_pass {
                AllPass::ScrewTheDealer => "stuck".into(),
                AllPass::Nullify => "throw-in".into(),
            },
            "alone" => on_off(self.going_alone),
            "partner-alone" => on_off(self.partner_order_up_is_alone),
            "renege" => self.renege_penalty.map_or("off".into(), |p| p.to_string()),
            "march" => self.scoring.march.to_string(),
            "lone-march" => self.scoring.lone_march.to_string(),
            _ => self.scoring.euchre.to_string(),
        }
    }

    fn set(&mut self, option: &str, value: &str) -> Result<(), HouseError> {
        match option {
            "deal" if value == "5" => self.deal = DealStyle::FiveEach,
            "deal" => self.deal = DealStyle::ThreeTwo,
            "dealer" if value == "stuck" => self.all_pass = AllPass::ScrewTheDealer,
            "dealer" => self.all_pass = AllPass::Nullify,
            "alone" => self.going_alone = flag(value),
            "partner-alone" => self.partner_order_up_is_alone = flag(value),
            "renege" => self.renege_penalty = (value != "off").then(|| number(value)),
            "march" => self.scoring.march = number(value),
            "lone-march" => self.scoring.lone_march = number(value),
            _ => self.scoring.euchre = number(value),
        }
        Ok(())
    }

    fn check(&self) -> Result<(), HouseError> {
        if self.partner_order_up_is_alone && !self.going_alone {
            return Err(HouseError::Conflict(
                "`partner-alone=on` needs going alone (`alone=on`)",
            ));
        }
        if !(1..=100).contains(&self.points_to_win) {
            return Err(HouseError::Conflict("points to win are 1 to 100"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{HandResult, Team};

    #[test]
    fn the_handouts_differ_in_exactly_the_options_their_texts_name() {
        // EECS 280: 3-2 deal, screw the dealer, no going alone, no renege (illegal).
        // CS 246: 5 at a time, thrown in, going alone incl. ordering up partner, 2 points.
        let changes = Rules::cs246().changes_from(&Rules::eecs280(10));
        assert_eq!(
            changes,
            [
                "deal=5",
                "dealer=throw-in",
                "alone=on",
                "partner-alone=on",
                "renege=2"
            ]
        );
        let back = Rules::cs246().with_house(&[
            "deal=3-2",
            "dealer=stuck",
            "partner-alone=off",
            "alone=off",
            "renege=off",
        ]);
        assert_eq!(
            back.map(|r| r.changes_from(&Rules::eecs280(10))),
            Ok(Vec::new())
        );
    }

    #[test]
    fn partner_alone_without_going_alone_is_refused() {
        let refused = Rules::eecs280(10).with_house(&["partner-alone=on"]);
        assert!(matches!(refused, Err(HouseError::Conflict(_))));
        assert!(Rules::cs246().with_house(&["alone=off"]).is_err());
        assert!(Rules::cs246()
            .with_house(&["alone=off", "partner-alone=off"])
            .is_ok());
    }

    #[test]
    fn march_and_euchre_points_score_as_set() {
        // Hand-worked: a march scores `march`, a lone march `lone-march`, a euchre
        // gives the defenders `euchre`; three or four tricks stay one point.
        let rules = Rules::cs246()
            .with_house(&["march=3", "lone-march=5", "euchre=4"])
            .unwrap();
        let s = &rules.scoring;
        let team = Team::BOTH[0];
        assert_eq!(HandResult::score(s, team, false, 5).margin(team), 3);
        assert_eq!(HandResult::score(s, team, true, 5).margin(team), 5);
        assert_eq!(HandResult::score(s, team, true, 2).margin(team), -4);
        assert_eq!(HandResult::score(s, team, false, 4).margin(team), 1);
    }
}

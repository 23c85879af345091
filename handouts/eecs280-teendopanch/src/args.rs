//! `teendopanch.exe PACK [shuffle|noshuffle] POINTS NAME1 TYPE1 NAME2 TYPE2 NAME3 TYPE3`.

/// The handout's usage line, verbatim (it names a fourth player the game does not have).
pub const USAGE: &str = "Usage: teendopanch.exe PACK_FILENAME [shuffle|noshuffle] POINTS_TO_WIN NAME1 TYPE1 NAME2 TYPE2 NAME3 TYPE3 NAME4 TYPE4";

/// `TEENDOPANCH_RULES` set to a rules name the program does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("TEENDOPANCH_RULES must be 'handout' or 'reference', not '{0}'")]
pub struct UnknownRules(pub String);

/// Which rules to play: `TEENDOPANCH_RULES` is `handout` (the default) or `reference`.
pub fn rules_mode(value: Option<&str>, points: u32) -> Result<rules::Rules, UnknownRules> {
    match value {
        None | Some("handout") => Ok(rules::Rules::handout(points)),
        Some("reference") => Ok(rules::Rules::reference(points)),
        Some(other) => Err(UnknownRules(other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_come_from_the_environment() {
        assert_eq!(rules_mode(None, 3), Ok(rules::Rules::handout(3)));
        assert_eq!(
            rules_mode(Some("reference"), 3),
            Ok(rules::Rules::reference(3))
        );
        assert!(rules_mode(Some("Reference"), 3).is_err());
    }
}

//! `teendopanch.exe PACK [shuffle|noshuffle] POINTS NAME1 TYPE1 NAME2 TYPE2 NAME3 TYPE3`.

/// The handout's usage line, verbatim (it names a fourth player the game does not have).
pub const USAGE: &str = "Usage: teendopanch.exe PACK_FILENAME [shuffle|noshuffle] POINTS_TO_WIN NAME1 TYPE1 NAME2 TYPE2 NAME3 TYPE3 NAME4 TYPE4";

/// The first player type of a command line the author's program would take but for its
/// types (the count, the shuffle word and the points all right), that it does not know:
/// it knows `Simple` and `Human`, and cardtable also plays `Strong`. `None` for a command
/// line with no such type, or one wrong elsewhere (a usage error).
pub fn unknown_strategy(args: &[std::ffi::OsString]) -> Option<String> {
    let known = ["Simple", "Human", "Strong"];
    let mut types = args.get(3..)?.chunks(2).map(|pair| pair.get(1));
    let unknown = types.find_map(|kind| {
        let kind = kind?.to_string_lossy();
        (!known.contains(&kind.as_ref())).then(|| kind.into_owned())
    })?;
    // Otherwise a command line the program takes: its other checks pass.
    let mut fixed = args.to_vec();
    for kind in fixed.iter_mut().skip(4).step_by(2) {
        *kind = "Simple".into();
    }
    textio::eecs280::parse_command_line(&fixed, 3).map(|_| unknown)
}

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

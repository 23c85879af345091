//! The secrets of accounts: a session's token (in the cookie) and a recovery code (shown
//! once). Each is 128 random bits; the store keeps only its SHA-256, so neither a copy
//! of the database nor a log line signs anybody in, and neither type shows itself in
//! `Debug`.

use sha2::{Digest, Sha256};

use crate::store::new_token;

/// SHA-256 of `text`, as 64 hex digits: what the store keeps of a secret.
pub fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether `text` is 32 lowercase hex digits, as every token this server makes is.
fn is_token(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// A session's token: the cookie's value, 128 bits from the operating system.
#[derive(Clone, PartialEq, Eq)]
pub struct SessionToken(String);

impl SessionToken {
    /// A fresh token.
    pub fn random() -> SessionToken {
        SessionToken(new_token())
    }

    /// The token a cookie carries, if it has the shape of one (anything else is no
    /// session, not an error: an old or foreign cookie of the same name).
    pub fn parse(text: &str) -> Option<SessionToken> {
        is_token(text).then(|| SessionToken(text.to_string()))
    }

    /// What the store keeps: the token's SHA-256.
    pub fn id(&self) -> String {
        sha256_hex(&self.0)
    }

    /// The text, for the `Set-Cookie` header only.
    pub fn reveal(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for SessionToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SessionToken(hidden)")
    }
}

/// A one-time recovery code: 32 hex digits shown as eight groups of four, spent when
/// used and replaced by a new one.
#[derive(Clone, PartialEq, Eq)]
pub struct RecoveryCode(String);

impl RecoveryCode {
    /// A fresh code.
    pub fn random() -> RecoveryCode {
        RecoveryCode(new_token())
    }

    /// The code as a person typed it: groups, spaces and case do not matter. `None` if
    /// it cannot be a code.
    pub fn parse(typed: &str) -> Option<RecoveryCode> {
        let digits: String = typed
            .chars()
            .filter(|c| !matches!(c, '-' | ' '))
            .flat_map(char::to_lowercase)
            .collect();
        is_token(&digits).then_some(RecoveryCode(digits))
    }

    /// What the store keeps: the code's SHA-256.
    pub fn hash(&self) -> String {
        sha256_hex(&self.0)
    }

    /// The code to show its holder once: `abcd-ef01-…`.
    pub fn shown(&self) -> String {
        let groups: Vec<&str> = (0..self.0.len())
            .step_by(4)
            .map(|at| &self.0[at..at + 4])
            .collect();
        groups.join("-")
    }
}

impl std::fmt::Debug for RecoveryCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RecoveryCode(hidden)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FIPS 180-2's example: SHA-256("abc").
    #[test]
    fn the_hash_is_sha256_as_hex() {
        assert_eq!(
            sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn a_code_reads_back_however_it_is_typed_and_secrets_hide_from_debug() {
        let code = RecoveryCode::random();
        let shown = code.shown();
        assert_eq!(shown.len(), 39, "{shown}");
        assert_eq!(
            RecoveryCode::parse(&shown.to_uppercase()),
            Some(code.clone())
        );
        assert_eq!(
            RecoveryCode::parse(&shown.replace('-', " ")),
            Some(code.clone())
        );
        assert_eq!(RecoveryCode::parse("not a code"), None);
        assert_eq!(format!("{code:?}"), "RecoveryCode(hidden)");
        let token = SessionToken::random();
        assert_eq!(format!("{token:?}"), "SessionToken(hidden)");
        assert!(SessionToken::parse(token.reveal()).is_some());
        assert!(SessionToken::parse("zz").is_none());
        assert_ne!(token.id(), token.reveal());
    }
}

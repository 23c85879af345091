//! The session cookie and who may use it: `HttpOnly` (no script reads it),
//! `SameSite=Strict` (no other site's page sends it), `Path=/`, thirty days, and on an
//! https server `Secure` with the `__Host-` prefix (no subdomain or plain-http page can
//! set it). A request from another origin is a guest's whatever cookie it carries.

use axum::http::{header, HeaderMap, StatusCode};

use super::secret::SessionToken;
use crate::edge::{Edge, Refusal};

/// How long a session lasts from sign-in, in seconds (30 days): the cookie's `Max-Age`
/// and the stored session's end.
pub const SESSION_SECONDS: i64 = 30 * 24 * 60 * 60;

/// The cookie's name without its prefix.
const NAME: &str = "cardtable_session";

/// The session cookie as this server writes it.
#[derive(Clone, Debug)]
pub struct Cookie {
    /// Whether the server's public origin is https: `Secure` and `__Host-`.
    secure: bool,
}

impl Cookie {
    /// The cookie of a server reached at `public_origins` (the first one decides).
    pub fn new(public_origins: &[String]) -> Cookie {
        let secure = public_origins
            .first()
            .is_some_and(|o| o.to_ascii_lowercase().starts_with("https://"));
        Cookie { secure }
    }

    /// The cookie's name: `__Host-cardtable_session` on https.
    pub fn name(&self) -> String {
        match self.secure {
            true => format!("__Host-{NAME}"),
            false => NAME.to_string(),
        }
    }

    fn attributes(&self, max_age: i64) -> String {
        let secure = if self.secure { "; Secure" } else { "" };
        format!("HttpOnly; SameSite=Strict; Path=/; Max-Age={max_age}{secure}")
    }

    /// `Set-Cookie` for a new session.
    pub fn set(&self, token: &SessionToken) -> String {
        let attributes = self.attributes(SESSION_SECONDS);
        format!("{}={}; {attributes}", self.name(), token.reveal())
    }

    /// `Set-Cookie` that ends the cookie at once.
    pub fn clear(&self) -> String {
        format!("{}=; {}", self.name(), self.attributes(0))
    }

    /// The session token the request's `Cookie` headers carry, if any has this name and
    /// a token's shape.
    pub fn token(&self, headers: &HeaderMap) -> Option<SessionToken> {
        let name = self.name();
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|pair| pair.trim().split_once('='))
            .find(|(n, _)| *n == name)
            .and_then(|(_, value)| SessionToken::parse(value.trim()))
    }

    /// The `Cookie` header that presents `token`'s session, and nothing else of what the
    /// client sent: what a relay passes on ([`SessionCookie`]).
    pub fn presented(&self, token: &SessionToken) -> SessionCookie {
        SessionCookie(format!("{}={}", self.name(), token.reveal()))
    }
}

/// A client's session cookie as its node read it at the upgrade (`cardtable_session=…`),
/// kept so that a relay opened for the client presents the same cookie to the node that
/// runs the table: that node looks the session up in the shared store exactly as for a
/// client of its own (expiry, sign-out and its origin checks included), so no node trusts
/// another's word for who is signed in. Whoever holds it is signed in, so it shows itself
/// in no `Debug` and no log line.
#[derive(Clone, PartialEq, Eq)]
pub struct SessionCookie(String);

impl SessionCookie {
    /// The `Cookie` header's value, for the relay's upgrade only.
    pub fn reveal(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for SessionCookie {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SessionCookie(hidden)")
    }
}

/// Whether the request comes from a page of another origin: `Sec-Fetch-Site` says
/// `cross-site` or `same-site` (a sibling subdomain is another origin too), or its
/// `Origin` is not one [`Edge::check_origin`] lets open a WebSocket. No `Origin` and no
/// `Sec-Fetch-Site` is a program's request, not a page's.
pub fn foreign(edge: &Edge, headers: &HeaderMap) -> bool {
    let site = headers
        .get("sec-fetch-site")
        .and_then(|v| v.to_str().ok())
        .map(str::to_ascii_lowercase);
    matches!(site.as_deref(), Some("cross-site" | "same-site"))
        || edge.check_origin(headers).is_err()
}

/// Refuses a state-changing request from another origin's page.
pub fn refuse_foreign(edge: &Edge, headers: &HeaderMap) -> Result<(), Refusal> {
    match foreign(edge, headers) {
        true => Err(Refusal::new(
            StatusCode::FORBIDDEN,
            "origin",
            "a page of another origin may not change an account here",
        )),
        false => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_https_server_sets_a_secure_host_prefixed_cookie() {
        let token = SessionToken::random();
        let plain = Cookie::new(&[]).set(&token);
        assert!(plain.starts_with("cardtable_session="), "{plain}");
        assert!(plain.contains("HttpOnly; SameSite=Strict; Path=/; Max-Age=2592000"));
        assert!(!plain.contains("Secure"), "{plain}");
        let https = Cookie::new(&["https://cards.example".into()]);
        let set = https.set(&token);
        assert!(set.starts_with("__Host-cardtable_session="), "{set}");
        assert!(set.ends_with("; Secure"), "{set}");
        assert!(https.clear().contains("Max-Age=0"));
        let mut headers = HeaderMap::new();
        let value = format!("a=b; __Host-cardtable_session={}", token.reveal());
        headers.insert(header::COOKIE, value.parse().unwrap());
        assert_eq!(https.token(&headers), Some(token.clone()));
        assert_eq!(Cookie::new(&[]).token(&headers), None, "another name");
        let presented = https.presented(&token);
        let expected = format!("__Host-cardtable_session={}", token.reveal());
        assert_eq!(presented.reveal(), expected, "the session alone, not `a=b`");
        assert_eq!(format!("{presented:?}"), "SessionCookie(hidden)");
    }

    #[test]
    fn another_sites_page_is_foreign() {
        let edge = Edge::new(crate::edge::Config::default());
        let with = |pairs: &[(&'static str, &str)]| {
            let mut headers = HeaderMap::new();
            for (name, value) in pairs {
                headers.insert(*name, value.parse().unwrap());
            }
            headers
        };
        let host = ("host", "localhost:8080");
        assert!(!foreign(&edge, &with(&[host])));
        assert!(!foreign(
            &edge,
            &with(&[host, ("origin", "http://localhost:8080")])
        ));
        assert!(foreign(
            &edge,
            &with(&[host, ("origin", "http://evil.example")])
        ));
        assert!(foreign(
            &edge,
            &with(&[host, ("sec-fetch-site", "cross-site")])
        ));
        assert!(foreign(
            &edge,
            &with(&[host, ("sec-fetch-site", "same-site")])
        ));
        assert!(!foreign(
            &edge,
            &with(&[host, ("sec-fetch-site", "same-origin")])
        ));
    }
}

//! The browser client: plain ES modules and CSS from `crates/server/web`, embedded in
//! the binary so a fresh clone serves it with no JavaScript build step.

use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use rust_embed::Embed;

#[derive(Embed)]
#[folder = "web/"]
struct Assets;

/// The page every client route (`/`, `/t/{id}`, `/replay/{id}`, `/games`, `/account`,
/// `/u/{name}`, `/leaderboard`) loads; the script reads the route from the address.
const INDEX: &str = "index.html";

/// Serves an embedded file, or the page for any path without a file extension, and for
/// every profile (`/u/{name}`: a name may hold a dot, `/u/Dr.%20Who`). A browser that
/// opens a page at a loopback IP address (the address `serve` prints) is sent to the same
/// page at `localhost`: passkeys work only at a name, and a guest's games (kept by the
/// browser for its address) stay at one address.
pub async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if let Some(local) =
        at_localhost(&uri, &headers).filter(|_| !path.contains('.') || is_profile(path))
    {
        return Redirect::temporary(&local).into_response();
    }
    let (name, file) = match Assets::get(path) {
        Some(file) if !path.is_empty() => (path, file),
        _ if path.contains('.') && !is_profile(path) => {
            return (StatusCode::NOT_FOUND, "no such file").into_response()
        }
        _ => match Assets::get(INDEX) {
            Some(file) => (INDEX, file),
            None => return (StatusCode::NOT_FOUND, "no client built in").into_response(),
        },
    };
    (
        [
            (header::CONTENT_TYPE, content_type(name)),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        file.data,
    )
        .into_response()
}

/// The address of `uri` at `localhost`, for a browser's navigation (`Sec-Fetch-Mode:
/// navigate`) to a loopback IP address (`127.0.0.1:8080`, `[::1]:8080`); `None` for any
/// other request, a reverse proxy's named host, or a program's fetch.
fn at_localhost(uri: &Uri, headers: &HeaderMap) -> Option<String> {
    let navigating = headers
        .get("sec-fetch-mode")
        .is_some_and(|m| m == "navigate");
    let host = headers.get(header::HOST)?.to_str().ok()?;
    let authority: axum::http::uri::Authority = host.parse().ok()?;
    let ip: std::net::IpAddr = authority.host().trim_matches(['[', ']']).parse().ok()?;
    if !navigating || !ip.is_loopback() {
        return None;
    }
    let port = authority
        .port_u16()
        .map_or(String::new(), |p| format!(":{p}"));
    let rest = uri.path_and_query().map_or("/", |p| p.as_str());
    Some(format!("http://localhost{port}{rest}"))
}

/// Whether `path` (without its leading slash) is a profile's page, `u/{name}`.
fn is_profile(path: &str) -> bool {
    path.strip_prefix("u/")
        .is_some_and(|name| !name.is_empty() && !name.contains('/'))
}

/// The few kinds of file the client is made of.
fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_client_file_has_its_type() {
        for name in Assets::iter() {
            assert_ne!(
                content_type(&name),
                "application/octet-stream",
                "{name} would be served without a type"
            );
        }
        assert!(Assets::get(INDEX).is_some());
    }

    /// What a browser sends when it opens `uri` at `host`.
    fn navigation(host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, host.parse().unwrap());
        headers.insert("sec-fetch-mode", "navigate".parse().unwrap());
        headers
    }

    #[test]
    fn a_browser_at_a_loopback_address_is_sent_to_localhost() {
        let uri: Uri = "/t/3f2a?seat=1".parse().unwrap();
        let sent = |host| at_localhost(&uri, &navigation(host));
        assert_eq!(
            sent("127.0.0.1:8080").as_deref(),
            Some("http://localhost:8080/t/3f2a?seat=1")
        );
        assert_eq!(
            sent("[::1]:9").as_deref(),
            Some("http://localhost:9/t/3f2a?seat=1")
        );
        assert_eq!(sent("localhost:8080"), None);
        assert_eq!(sent("cards.example"), None);
        assert_eq!(sent("192.0.2.7:8080"), None);
        // A program's request (no navigation) is answered where it asked.
        let mut fetch = navigation("127.0.0.1:8080");
        fetch.remove("sec-fetch-mode");
        assert_eq!(at_localhost(&uri, &fetch), None);
    }

    #[test]
    fn a_profile_is_the_page_even_with_a_dot_in_its_name() {
        assert!(is_profile("u/Dr.%20Who"));
        assert!(is_profile("u/Ada"));
        assert!(!is_profile("u/"));
        assert!(!is_profile("u/a/b.js"));
        assert!(!is_profile("app.js"));
    }
}

//! The browser client: plain ES modules and CSS from `crates/server/web`, embedded in
//! the binary so a fresh clone serves it with no JavaScript build step.

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

#[derive(Embed)]
#[folder = "web/"]
struct Assets;

/// The page every client route (`/`, `/t/{id}`, `/replay/{id}`, `/games`, `/account`,
/// `/u/{name}`, `/leaderboard`) loads; the script reads the route from the address.
const INDEX: &str = "index.html";

/// Serves an embedded file, or the page for any path without a file extension, and for
/// every profile (`/u/{name}`: a name may hold a dot, `/u/Dr.%20Who`).
pub async fn asset(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
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

    #[test]
    fn a_profile_is_the_page_even_with_a_dot_in_its_name() {
        assert!(is_profile("u/Dr.%20Who"));
        assert!(is_profile("u/Ada"));
        assert!(!is_profile("u/"));
        assert!(!is_profile("u/a/b.js"));
        assert!(!is_profile("app.js"));
    }
}

//! This server as a WebAuthn relying party: its id is the host of the first
//! `--public-origin` and its origins the public origins; with none, `localhost` at any
//! port over http (a developer's machine, the tests). An IP address is no relying
//! party's id, so a server reached only by address has no passkeys: every account route
//! says why.

use webauthn_rs::prelude::{Url, Webauthn, WebauthnBuilder};

/// The name passkey prompts show.
const NAME: &str = "cardtable";

/// The relying party for `public_origins`, or why there is none.
pub fn relying_party(public_origins: &[String]) -> Result<Webauthn, String> {
    let parse = |origin: &str| {
        Url::parse(origin).map_err(|e| format!("the public origin {origin:?} is no URL: {e}"))
    };
    let Some((first, rest)) = public_origins.split_first() else {
        let localhost = parse("http://localhost")?;
        return WebauthnBuilder::new("localhost", &localhost)
            .and_then(|b| b.allow_any_port(true).rp_name(NAME).build())
            .map_err(|e| format!("passkeys for localhost: {e}"));
    };
    let url = parse(first)?;
    let host = url
        .host_str()
        .ok_or_else(|| format!("the public origin {first:?} has no host"))?
        .to_string();
    let mut builder = WebauthnBuilder::new(&host, &url).map_err(|e| {
        format!("passkeys need a domain name as the first --public-origin, not {first:?}: {e}")
    })?;
    for origin in rest {
        builder = builder.append_allowed_origin(&parse(origin)?);
    }
    builder
        .rp_name(NAME)
        .build()
        .map_err(|e| format!("passkeys for {host}: {e}"))
}

//! Who may use the server: only the page it served itself, at its own address.
//!
//! A browser lets any web page send requests to `127.0.0.1`, and a page on a name the attacker
//! controls can re-point that name at `127.0.0.1` (DNS rebinding) and then read the answers as
//! its own. So every request must name this server's own address in `Host` (a rebound name
//! does not), carry no `Origin` or this server's own (another site's page does), and every
//! API call must carry this run's random token, which only the served `index.html` holds (a
//! page of another origin cannot read it, and without CORS headers it cannot send the custom
//! header either). Nothing here sends CORS headers.

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::{HeaderMap, HeaderName, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use carcassonne_api::{AccessRefusal, ApiError};
use std::sync::Arc;

/// The header the served page puts its API token in.
pub const TOKEN_HEADER: HeaderName = HeaderName::from_static("x-carcassonne-token");
/// The `<meta>` the token travels in, in the served `index.html` (`ui/src/api.ts` reads it).
pub const TOKEN_META: &str = "carcassonne-api-token";
/// Random bytes in a token (hex in text: 64 characters).
const TOKEN_BYTES: usize = 32;

/// This run's rules: its own `Host` names, its own origins and its token.
#[derive(Clone)]
pub struct Access {
    hosts: Arc<[String]>,
    origins: Arc<[String]>,
    token: Arc<str>,
}

impl Access {
    /// The rules for a server bound to `127.0.0.1:port`, with a fresh random token.
    pub fn new(port: u16) -> Result<Access, String> {
        let mut bytes = [0u8; TOKEN_BYTES];
        getrandom::fill(&mut bytes).map_err(|e| format!("no randomness for the API token: {e}"))?;
        let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let hosts: Vec<String> = ["127.0.0.1", "localhost"]
            .iter()
            .map(|name| format!("{name}:{port}"))
            .collect();
        let origins = hosts.iter().map(|h| format!("http://{h}")).collect();
        Ok(Access {
            hosts: hosts.into(),
            origins,
            token: token.into(),
        })
    }

    pub fn token(&self) -> &str {
        &self.token
    }

    /// Why a request does not come from this server's own page, if it does not. A missing
    /// `Host` is refused too: every browser sends one, so only odd clients lack it.
    fn same_origin(&self, headers: &HeaderMap) -> Result<(), AccessRefusal> {
        let host = headers.get(HOST).and_then(|h| h.to_str().ok());
        if !host.is_some_and(|h| self.hosts.iter().any(|own| own.eq_ignore_ascii_case(h))) {
            return Err(AccessRefusal::ForeignHost);
        }
        match headers.get(ORIGIN) {
            None => Ok(()),
            Some(o)
                if o.to_str()
                    .is_ok_and(|o| self.origins.iter().any(|own| own == o)) =>
            {
                Ok(())
            }
            Some(_) => Err(AccessRefusal::ForeignOrigin),
        }
    }

    fn token_of(&self, headers: &HeaderMap) -> Result<(), AccessRefusal> {
        let given = headers
            .get(TOKEN_HEADER)
            .ok_or(AccessRefusal::MissingToken)?;
        if same_bytes(given.as_bytes(), self.token.as_bytes()) {
            Ok(())
        } else {
            Err(AccessRefusal::WrongToken)
        }
    }
}

/// Compares in time independent of where the first difference is, so the answer's timing
/// does not tell a guesser how much of the token it has right.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Middleware for every route: the request names this server and comes from its own page.
pub async fn same_origin_only(State(access): State<Access>, req: Request, next: Next) -> Response {
    match access.same_origin(req.headers()) {
        Ok(()) => next.run(req).await,
        Err(reason) => refused(reason),
    }
}

/// Middleware for the API: the call carries this run's token.
pub async fn token_required(State(access): State<Access>, req: Request, next: Next) -> Response {
    match access.token_of(req.headers()) {
        Ok(()) => next.run(req).await,
        Err(reason) => refused(reason),
    }
}

fn refused(reason: AccessRefusal) -> Response {
    let body = serde_json::to_value(ApiError::Forbidden { reason }).unwrap_or_default();
    (StatusCode::FORBIDDEN, axum::Json(body)).into_response()
}

/// `index.html` with this run's token in a `<meta>` before `</head>` (or first, if the file
/// has no head), for the page's API calls.
pub fn with_token(html: &[u8], token: &str) -> Vec<u8> {
    let meta = format!("<meta name=\"{TOKEN_META}\" content=\"{token}\">");
    let text = String::from_utf8_lossy(html);
    let at = text.find("</head>").unwrap_or(0);
    let mut out = String::with_capacity(text.len() + meta.len());
    out.push_str(&text[..at]);
    out.push_str(&meta);
    out.push_str(&text[at..]);
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_goes_into_the_head() {
        let page = with_token(
            b"<html><head><title>x</title></head><body></body></html>",
            "ab12",
        );
        assert_eq!(
            String::from_utf8(page).unwrap(),
            "<html><head><title>x</title><meta name=\"carcassonne-api-token\" content=\"ab12\"></head><body></body></html>"
        );
    }

    #[test]
    fn tokens_compare_whole() {
        assert!(same_bytes(b"abcd", b"abcd"));
        assert!(!same_bytes(b"abcd", b"abce"));
        assert!(!same_bytes(b"abc", b"abcd"));
        assert!(!same_bytes(b"", b"abcd"));
    }

    #[test]
    fn two_runs_have_different_tokens() {
        let (a, b) = (Access::new(1).unwrap(), Access::new(1).unwrap());
        assert_eq!(a.token().len(), 2 * TOKEN_BYTES);
        assert_ne!(a.token(), b.token());
    }
}
